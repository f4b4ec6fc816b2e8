"""Game rules engines. Pure Python: nothing here may import Textual or Rich."""

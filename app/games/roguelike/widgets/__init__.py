"""The widgets of Rogue Like Roguelike."""

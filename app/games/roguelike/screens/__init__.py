"""The screens of Rogue Like Roguelike."""

"""The pygame user interface: window, scenes, card art, fonts and sounds."""

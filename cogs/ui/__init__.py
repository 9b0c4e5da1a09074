"""Views, components and renderers: what the cogs send to Discord."""

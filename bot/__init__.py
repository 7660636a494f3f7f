"""Schieber Jass for Discord."""

"""Texts the product shows, in German and English."""

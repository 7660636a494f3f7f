"""The bot's own web server (aiohttp): ``/healthz`` and ``/metrics`` for operators."""

from .server import WebServer

__all__ = ["WebServer"]

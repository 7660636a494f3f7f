"""The bot's own web server (aiohttp): ``/healthz``, ``/metrics`` and the servers' public pages."""

from .server import WebServer

__all__ = ["WebServer"]

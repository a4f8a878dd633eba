"""The phone view of the Wi-Fi boards (firmware/device/boards.py ``wifi``): the access point, the web
server, the page and the game as a JSON document (docs/PHONES.md). Bundled and loaded on those boards only."""

"""Who you are: one long-lived player token per browser, in an HttpOnly cookie.

The token never appears in a URL (so no log or shared link carries it) and scripts cannot
read it; the server keeps only its SHA-256, with the display name the player chose. A seat
claimed by a browser is held by that player: any tab of the same browser returns to it.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping

COOKIE = "warroom_player"
MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # 32 random bytes, URL-safe base64
NAME = re.compile(r"[^\x00-\x1f\x7f]{1,40}")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def player_of(cookies: Mapping[str, str]) -> str | None:
    """The SHA-256 of the request's player token, or ``None`` without a well-formed one."""
    token = cookies.get(COOKIE)
    if token is None or not _TOKEN.fullmatch(token):
        return None
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: str) -> str:
    """A display name: trimmed, 1-40 characters, no control characters; ``ValueError`` otherwise."""
    name = " ".join(name.split())
    if not NAME.fullmatch(name):
        raise ValueError("a name is 1 to 40 characters, without control characters")
    return name

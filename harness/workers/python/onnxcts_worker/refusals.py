"""A backend's words for "I lack support for this", told apart from its
other failures.

Each adapter keeps its backend's phrases in one pattern (`NOT_SUPPORTED`
in the adapter's file, each phrase quoted from a real message beside it)
and classifies an exception's text with `status_of`. A phrase names a lack
of support in the backend's own words ("not supported", "not implemented",
"under development"); a wrong result, a crash or a judgment that the model
is invalid stays `error`. For a must-reject model either answer is counted
`rejected` by the harness, so a phrase that an invalid model also draws
changes nothing there.
"""
from __future__ import annotations

import re

# An absolute path in a message (the model's, a source file's): a case
# folder named "unsupported_..." must not decide the status.
_PATH = re.compile(r"(?<![\w.])/[^\s'\"]+")


def without_paths(text: str) -> str:
    """`text` with absolute paths replaced by "<path>"."""
    return _PATH.sub("<path>", text)


def lacks_support(text: str, phrases: re.Pattern[str]) -> bool:
    """Whether `text`, paths aside, holds one of the backend's `phrases`."""
    return phrases.search(without_paths(text)) is not None


def status_of(text: str, phrases: re.Pattern[str]) -> str:
    """"not_supported" when `text` holds one of `phrases`, else "error"."""
    return "not_supported" if lacks_support(text, phrases) else "error"


def phrases(*words: str) -> re.Pattern[str]:
    """One case-insensitive pattern of the regular expressions `words`."""
    return re.compile("|".join(f"(?:{w})" for w in words), re.IGNORECASE)

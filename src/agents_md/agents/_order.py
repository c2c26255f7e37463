"""The engine's list order: names of only ASCII characters first, compared like a locale
collation (punctuation, then digits, then letters; case only breaks ties, lowercase first);
then every name holding a non-ASCII character, by UTF-16 code units.
"""

from __future__ import annotations

_PRIMARY = "\t\n\v\f\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz"
_RANK = {c: i for i, c in enumerate(_PRIMARY)}


def sort_key(name: str) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    if name.isascii():
        primary: list[int] = []
        tertiary: list[int] = []
        for ch in name:
            rank = _RANK.get(ch.lower())
            if rank is None:
                continue  # other control characters are ignorable
            primary.append(rank)
            tertiary.append(1 if ch.isupper() else 0)
        return (0, tuple(primary), tuple(tertiary))
    units = name.encode("utf-16-be", "surrogatepass")
    return (1, tuple(int.from_bytes(units[i : i + 2], "big") for i in range(0, len(units), 2)), ())

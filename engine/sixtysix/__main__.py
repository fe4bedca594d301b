"""``python -m sixtysix presets`` and ``python -m sixtysix replay < request.json``."""

from __future__ import annotations

import sys

from .protocol import _malformed, dumps, presets_response, replay


def main(argv: list[str]) -> int:
    """Run one command; print JSON; return the exit status."""
    if argv == ["presets"]:
        try:
            print(dumps(presets_response()))
        except Exception as exc:  # a broken preset file must not print a traceback
            print(dumps(_malformed("bad_presets", str(exc)[:500])[1]))
            return 2
        return 0
    if argv == ["replay"]:
        try:
            data = sys.stdin.buffer.read().decode("utf-8")
        except UnicodeDecodeError:
            status, response = _malformed("bad_json", "request is not UTF-8")
        else:
            status, response = replay(data)
        print(dumps(response))
        return status
    status, response = _malformed("bad_command", "usage: python -m sixtysix presets|replay")
    print(dumps(response))
    return status


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # reader went away (e.g. `| head`): nothing left to say
        sys.exit(0)

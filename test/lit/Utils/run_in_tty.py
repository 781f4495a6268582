"""Runs a command with a terminal as its stdin, stdout and stderr (a pseudo-terminal), for
tests of what a person at a terminal sees, such as a progress line that redraws itself:

    run_in_tty.py COMMAND [ARG...]

Everything the command writes is copied to stdout with each carriage return shown as `<CR>`
and a line break, so every redraw of a line is a line FileCheck can match, and a line of
blanks that erases one shown as `<CLEAR>`; the exit status is the command's.
"""

import os
import pty
import re
import sys


def main():
    if len(sys.argv) < 2:
        print("usage: run_in_tty.py COMMAND [ARG...]", file=sys.stderr)
        return 2
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.pop("SOLAR_PROGRESS", None)
        os.environ.setdefault("TERM", "xterm")
        try:
            os.execvp(sys.argv[1], sys.argv[1:])
        finally:
            os._exit(127)
    out = bytearray()
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "<CR>\n")
    text = re.sub(r"(?m)^[ \b]+<CR>$", "<CLEAR>", text)
    sys.stdout.write(text)
    return os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else \
        (os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


if __name__ == "__main__":
    sys.exit(main())

"""Checks a `solar-opt --report=html` page the way a reader's browser shows it.

    check_html_report.py PAGE.html --devices N --ops N [--measured] [--expect TEXT]...
                         [--chromium PATH] --workdir DIR

1. Self-contained: the page names nothing to fetch (no script, no src/href attribute, no CSS
   url() or @import, no http(s) address).
2. Rendered by headless Chromium (`--headless --no-sandbox --disable-gpu --dump-dom`), the DOM
   has one <svg class="roofline"> per device, in each one <circle class="op"> per source op,
   one SOL point and, with --measured, one measured point; every --expect text (the bound's
   value) is in the devices table.
3. A screenshot of the page is not blank: many colours, and the roofline's ink.
Prints one `ok ...` line per check; a failed check is a FAIL line and exit 1.
"""

import argparse
import html.parser
import os
import re
import struct
import sys
import zlib

import common


class Dom(html.parser.HTMLParser):
    """The parts of the DOM the checks read: the rooflines' circles and the devices table."""

    def __init__(self):
        super().__init__()
        self.svgs = []        # per <svg class="roofline">: {"device", "op", "sol", "measured"}
        self.devices_text = []
        self.in_devices = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "svg" and "roofline" in classes:
            self.svgs.append({"device": a.get("data-device"), "op": 0, "sol": 0, "measured": 0})
        elif tag == "circle" and self.svgs:
            for c in ("op", "sol", "measured"):
                if c in classes:
                    self.svgs[-1][c] += 1
        elif tag == "table" and "devices" in classes:
            self.in_devices = True

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_devices = False

    def handle_data(self, data):
        if self.in_devices:
            self.devices_text.append(data)


def self_contained(page):
    for pattern, what in ((r"<script", "a script"), (r"\ssrc\s*=", "a src attribute"),
                          (r"\shref\s*=", "an href attribute"), (r"url\(", "a CSS url()"),
                          (r"@import", "a CSS @import"), (r"https?://", "a web address")):
        if re.search(pattern, page, re.I):
            raise common.Fail("the page is not self-contained: it has %s" % what)


def chromium(args, extra, what):
    profile = os.path.join(args.workdir, "profile")
    cmd = [args.chromium, "--headless", "--no-sandbox", "--disable-gpu",
           "--user-data-dir=" + profile, "--window-size=900,1300", *extra,
           "file://" + os.path.abspath(args.page)]
    return common.run(cmd, what, timeout=120)[0]


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit non-interlaced PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise common.Fail("%s is not a PNG" % path)
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise common.Fail("unexpected PNG format (depth %d, colour %d)" % (depth, color))
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, rows, prev = zlib.decompress(idat), [], bytearray(w * bpp)
    stride = w * bpp
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--devices", type=int, required=True)
    ap.add_argument("--ops", type=int, required=True)
    ap.add_argument("--measured", action="store_true")
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    os.environ["HOME"] = args.workdir  # chromium writes its caches there
    page = open(args.page, encoding="utf-8").read()
    self_contained(page)
    print("ok self-contained, %d bytes" % len(page))

    dom = Dom()
    dom.feed(chromium(args, ["--dump-dom"], "chromium --dump-dom"))
    if len(dom.svgs) != args.devices:
        raise common.Fail("%d rooflines, expected one per device (%d)" % (len(dom.svgs), args.devices))
    for svg in dom.svgs:
        want = (args.ops, 1, 1 if args.measured else 0)
        got = (svg["op"], svg["sol"], svg["measured"])
        if got != want:
            raise common.Fail("roofline of %s: %d op points, %d SOL, %d measured; expected %s"
                              % ((svg["device"],) + got + (want,)))
        print("ok roofline %s: %d op points, SOL point%s" % (svg["device"], svg["op"],
                                                               ", measured point" if svg["measured"] else ""))
    text = " ".join(dom.devices_text)
    for e in args.expect:
        if e not in text:
            raise common.Fail("the devices table lacks %r: %s" % (e, text[:300]))
        print("ok devices table shows %s" % e)

    shot = os.path.join(args.workdir, "page.png")
    chromium(args, ["--screenshot=" + shot], "chromium --screenshot")
    w, h, bpp, rows = png_pixels(shot)
    colours, ink = set(), 0
    for row in rows[::4]:
        for x in range(0, w * bpp, 4 * bpp):
            px = bytes(row[x:x + 3])
            colours.add(px)
            ink += px != b"\xff\xff\xff"
    samples = len(rows[::4]) * len(range(0, w * bpp, 4 * bpp))
    if len(colours) < 16 or ink < samples // 100:
        raise common.Fail("the screenshot looks blank: %d colours, %d of %d samples not white"
                          % (len(colours), ink, samples))
    print("ok screenshot %dx%d not blank" % (w, h))


if __name__ == "__main__":
    try:
        main()
    except common.Fail as e:
        print("FAIL: %s" % e)
        sys.exit(1)
    except common.Usage as e:
        print("usage: %s" % e, file=sys.stderr)
        sys.exit(2)

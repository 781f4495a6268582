"""The importer's errors: every message is `MODEL.py:LINE: error: ...` (or `MODEL.py: error:`).

ImportFault (exit 1): the model is at fault or uses ops without an emitter; `messages` holds
every located line (all unsupported ops are collected before raising). UsageFault (exit 2).
NeedFixed is internal: an emitter needs a size as a compile-time integer (a stride, a reduced
dim) but the fit made it symbolic; the driver fixes the constants it depends on and retries.
"""

import os
import traceback


class ImportFault(Exception):
    exit_code = 1

    def __init__(self, messages):
        if isinstance(messages, str):
            messages = [messages]
        Exception.__init__(self, "\n".join(messages))
        self.messages = list(messages)


class UsageFault(Exception):
    exit_code = 2


class NeedFixed(Exception):
    def __init__(self, constants, why):
        Exception.__init__(self, why)
        self.constants = set(constants)
        self.why = why


def model_line(exc, path):
    """The innermost line of the model file in exc's traceback, or None."""
    tb = traceback.extract_tb(exc.__traceback__)
    ap = os.path.abspath(path)
    lines = [fr.lineno for fr in tb if os.path.abspath(fr.filename) == ap]
    return lines[-1] if lines else None


def located(path, line, msg):
    shown = os.path.basename(path) if path else "<model>"
    shown = path
    return "%s:%s: error: %s" % (shown, line, msg) if line else "%s: error: %s" % (shown, msg)


def describe(exc, limit=400):
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + " ..."


class NeedMaterialize(Exception):
    """A view (a reshape merging dims of symbolic size) was read at an index it cannot split
    without division; the writer emits that reshape as a copy and starts again."""

    def __init__(self, node):
        Exception.__init__(self, "materialise %s" % node)
        self.node = node


def emit_materializing(emit_once):
    """emit_once(materialize) with the set of views to copy, grown until no NeedMaterialize
    is raised (each view at most once: a second request for one is a real fault)."""
    materialize = set()
    while True:
        try:
            return emit_once(materialize)
        except NeedMaterialize as e:
            if e.node in materialize:
                raise
            materialize.add(e.node)

"""Keeps one soffice running and converts Word documents to PDF through UNO (warm-office.ts).

Run with Debian's /usr/bin/python3 (python3-uno), inside the fence that warm-office.ts puts up:
    office-helper.py SOFFICE PROFILE_URL PIPE_NAME
It starts soffice listening on a named pipe (a Unix socket, so no TCP port), connects to it, and
writes {"ready": true} on a line of its own. Then each line read from standard input is a request
{"input": "/path/document.docx", "output": "/path/document.pdf"}, answered by one line:
{"ok": true} or {"ok": false, "error": "..."}. Standard output carries nothing but these lines:
soffice's own output goes to standard error. The helper ends when its standard input closes, and
soffice with it.
"""

import json
import os
import re
import subprocess
import sys
import time
import zipfile

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException

# How long soffice may take to accept the first connection.
START_SECONDS = 60


def prop(name, value):
    item = PropertyValue()
    item.Name = name
    item.Value = value
    return item


def reply(channel, message):
    channel.write(json.dumps(message) + "\n")
    channel.flush()


def start_office(soffice, profile_url, pipe_name):
    """soffice, headless, with its own profile, listening on the pipe; and its Desktop through UNO."""
    office = subprocess.Popen(
        [
            soffice,
            "--headless",
            "--invisible",
            "--norestore",
            "--nologo",
            "--nodefault",
            "--nolockcheck",
            "--nofirststartwizard",
            "-env:UserInstallation=" + profile_url,
            "--accept=pipe,name=" + pipe_name + ";urp;",
        ],
        stdin=subprocess.DEVNULL,
        stdout=sys.stderr,
        stderr=sys.stderr,
    )
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            context = resolver.resolve("uno:pipe,name=" + pipe_name + ";urp;StarOffice.ComponentContext")
            break
        except NoConnectException:
            if office.poll() is not None:
                raise RuntimeError("soffice ended before it accepted a connection (exit code %s)" % office.returncode)
            if time.monotonic() > deadline:
                raise RuntimeError("soffice did not accept a connection within %d s" % START_SECONDS)
            time.sleep(0.05)
    return office, context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)


# Loaded hidden and read-only; its macros never run, its links are never updated.
LOAD_PROPERTIES = (
    prop("Hidden", True),
    prop("ReadOnly", True),
    prop("MacroExecutionMode", uno.getConstantByName("com.sun.star.document.MacroExecMode.NEVER_EXECUTE")),
    prop("UpdateDocMode", uno.getConstantByName("com.sun.star.document.UpdateDocMode.NO_UPDATE")),
)
EXPORT_PROPERTIES = (prop("FilterName", "writer_pdf_Export"),)


# A Word document's comments: their parts (comments.xml, commentsExtended.xml, commentsIds.xml,
# commentsExtensible.xml and their own relationships), and the marks in the text that anchor them.
COMMENT_PART = re.compile(r"^word/(?:_rels/)?comments[A-Za-z]*\.xml(?:\.rels)?$")
COMMENT_RELATIONSHIP = re.compile(r'<Relationship\b[^>]*\bTarget="(?:/word/)?comments[A-Za-z]*\.xml"[^>]*?(?:/>|>\s*</Relationship>)')
COMMENT_OVERRIDE = re.compile(r'<Override\b[^>]*\bPartName="/word/comments[A-Za-z]*\.xml"[^>]*?(?:/>|>\s*</Override>)')
COMMENT_MARK = re.compile(r"<w:comment(?:RangeStart|RangeEnd|Reference)\b[^>]*?(?:/>|>\s*</w:comment(?:RangeStart|RangeEnd|Reference)>)")


def without_comments(input_path, output_path):
    """
    A copy of the package without its comments, or False where it has none. LibreOffice 7.4 of
    Debian's -nogui package aborts loading a document with comments through UNO (it lacks Writer's
    annotation .ui files), and writer_pdf_Export prints no comments anyway (ExportNotes is false).
    """
    with zipfile.ZipFile(input_path) as source:
        names = [info.filename for info in source.infolist()]
        if "word/comments.xml" not in names:
            return False
        with zipfile.ZipFile(output_path, "w", zipfile.ZIP_DEFLATED) as target:
            for info in source.infolist():
                name = info.filename
                if COMMENT_PART.match(name):
                    continue
                data = source.read(info)
                if name == "[Content_Types].xml":
                    data = COMMENT_OVERRIDE.sub("", data.decode("utf-8")).encode("utf-8")
                elif name == "word/_rels/document.xml.rels":
                    data = COMMENT_RELATIONSHIP.sub("", data.decode("utf-8")).encode("utf-8")
                elif name.startswith("word/") and name.endswith(".xml") and b"<w:comment" in data:
                    data = COMMENT_MARK.sub("", data.decode("utf-8")).encode("utf-8")
                target.writestr(info, data)
    return True


def loadable(input_path):
    """The document soffice is given: its copy without comments where it has any and it can be made, else itself."""
    stripped = os.path.join(os.path.dirname(input_path), "without-comments.docx")
    try:
        return stripped if without_comments(input_path, stripped) else input_path
    except Exception:  # noqa: BLE001 - soffice gets the document as sent, and decides
        return input_path


def convert(desktop, input_path, output_path):
    document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(loadable(input_path)), "_blank", 0, LOAD_PROPERTIES)
    if document is None:
        raise RuntimeError("LibreOffice could not load the document")
    try:
        document.storeToURL(uno.systemPathToFileUrl(output_path), EXPORT_PROPERTIES)
    finally:
        document.close(True)


def main():
    soffice, profile_url, pipe_name = sys.argv[1:4]
    # Only the protocol goes to standard output; anything printed by accident goes to standard error.
    channel = sys.stdout
    sys.stdout = sys.stderr
    office, desktop = start_office(soffice, profile_url, pipe_name)
    reply(channel, {"ready": True})
    try:
        for line in sys.stdin:
            try:
                request = json.loads(line)
                convert(desktop, request["input"], request["output"])
                reply(channel, {"ok": True})
            except Exception as error:  # noqa: BLE001 - every failure is the document's answer
                reply(channel, {"ok": False, "error": "%s: %s" % (type(error).__name__, error)})
    finally:
        try:
            desktop.terminate()
        except Exception:  # noqa: BLE001 - soffice may be gone already
            pass
        office.kill()


if __name__ == "__main__":
    main()

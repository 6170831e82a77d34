#!/usr/bin/env python3
"""A stand-in for an OpenAI-compatible chat-completions API, for the end-to-end tests only.

Listens on 127.0.0.1:PORT and answers POST .../chat/completions with a fixed markdown article
(Czech, with five bold points), so that the AI pages can be driven without a real service.
Like a small local model it ignores "response_format" (the translator's JSON mode) and answers
Markdown anyway, which the translator takes as it comes (title from the first heading).
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ARTICLE = """# Testovací článek o platbách

## Key Points

**První bod:** okamžité platby mění očekávání zákazníků.

**Druhý bod:** tokenizace chrání data karet.

**Třetí bod:** otevřené bankovnictví přináší nové služby.

**Čtvrtý bod:** regulace PSD3 sjednocuje pravidla.

**Pátý bod:** bezpečnost zůstává na prvním místě.

## Conclusion

Platební svět se rychle mění a vyplatí se sledovat jeho vývoj."""


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):  # noqa: N802 (the name is http.server's)
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        if not self.path.endswith("/chat/completions") or not request.get("messages"):
            self.send_response(400)
            self.end_headers()
            return
        body = json.dumps({
            "id": "chatcmpl-e2e",
            "object": "chat.completion",
            "model": request.get("model", ""),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": ARTICLE}, "finish_reason": "stop"}],
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()

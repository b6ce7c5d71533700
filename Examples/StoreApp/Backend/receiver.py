"""A backend's App Store Server Notifications V2 endpoint, standing in for the app's real backend
in the end-to-end test (Examples/StoreApp/Tests/EndToEndTests).

Every POST to /notifications carries {"signedPayload": JWS}; Apple's App Store Server Library
(SignedDataVerifier, online checks off) verifies it against the served world's root certificate,
as a real backend verifies against Apple's, and the notification is kept: its type, subtype,
notificationUUID, and the transaction it carries. A payload that fails verification is answered
400 and kept apart. GET /received?count=N&timeout=S answers, as JSON, what was kept once N
notifications have arrived (or after S seconds), so that the test waits for the backend without
sleeping.

POST /availability with {"up": false} takes the backend down: until {"up": true}, notifications
are answered 503 and not kept (the App Store retries them, in production).

Usage: receiver.py ROOT_DER BUNDLE_ID [Sandbox|Production [APP_APPLE_ID]] (Apple's library needs
the app's Apple ID to verify production data). ROOT_DER is read at the first
notification, so that the server may write it after the receiver started. It listens on 127.0.0.1 on a free
port and prints http://127.0.0.1:PORT as its first line.
"""

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

root_path, bundle_id = Path(sys.argv[1]), sys.argv[2]
environment = Environment(sys.argv[3]) if len(sys.argv) > 3 else Environment.SANDBOX
app_apple_id = int(sys.argv[4]) if len(sys.argv) > 4 else None
verifiers = []
received = []
rejected = []
refused = {"while down": 0}
up = {"value": True}
changed = threading.Condition()


def verifier():
    """The verifier, made at the first notification: the root may be written after the start."""
    if not verifiers:
        verifiers.append(SignedDataVerifier([root_path.read_bytes()], False, environment, bundle_id, app_apple_id))
    return verifiers[0]


def keep(signed_payload):
    notification = verifier().verify_and_decode_notification(signed_payload)
    data = notification.data
    transaction = None
    if data is not None and data.signedTransactionInfo is not None:
        transaction = verifier().verify_and_decode_signed_transaction(data.signedTransactionInfo)
    return {
        "notificationType": notification.rawNotificationType,
        "subtype": notification.rawSubtype,
        "notificationUUID": notification.notificationUUID,
        "transactionId": transaction.transactionId if transaction else None,
        "originalTransactionId": transaction.originalTransactionId if transaction else None,
        "productId": transaction.productId if transaction else None,
        "revoked": transaction is not None and transaction.revocationDate is not None,
    }


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/availability":
            up["value"] = bool(json.loads(body)["up"])
            return self.answer(200, {"up": up["value"]})
        if self.path != "/notifications":
            return self.answer(404, {"error": "no such path"})
        if not up["value"]:
            refused["while down"] += 1
            return self.answer(503, {"error": "the backend is down"})
        try:
            entry = keep(json.loads(body)["signedPayload"])
        except (VerificationException, KeyError, ValueError, OSError) as error:
            with changed:
                rejected.append(str(error))
                changed.notify_all()
            return self.answer(400, {"error": str(error)})
        with changed:
            received.append(entry)
            changed.notify_all()
        self.answer(200, {})

    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/received":
            return self.answer(404, {"error": "no such path"})
        query = parse_qs(url.query)
        count = int(query.get("count", ["0"])[0])
        timeout = float(query.get("timeout", ["30"])[0])
        with changed:
            changed.wait_for(lambda: len(received) >= count, timeout)
            self.answer(200, {"received": list(received), "rejected": list(rejected),
                              "refusedWhileDown": refused["while down"]})

    def answer(self, status, value):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()

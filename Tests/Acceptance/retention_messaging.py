"""The Retention Messaging API against `storebench serve`, judged by Apple's App Store Server Library.

Usage: retention_messaging.py STOREBENCH_BINARY WORK_DIR

Configures images, messages, a default message and the realtime URL with the library's client
(and its errors for what Apple refuses), runs a realtime endpoint of its own that verifies every
request with the library's `verify_and_decode_realtime_request` against the world's root, and plays
the customer's cancellation flow: an offer signed with the library that the customer accepts, a
slow answer that falls back to the default message, an offer whose signature is refused, then a
cancellation. Every notification is verified with `SignedDataVerifier`. Then performance tests that
pass against a fast endpoint and fail against a slow one and an erroring one, and the production
realtime URL that needs a passed test. Prints one line per check; exits non-zero when any fails.
"""
import json
import re
import struct
import sys
import threading
import time
import uuid
import zlib

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from appstoreserverlibrary.api_client import APIError, APIException, AppStoreServerAPIClient
from appstoreserverlibrary.jws_signature_creator import PromotionalOfferV2SignatureCreator
from appstoreserverlibrary.models.DefaultConfigurationRequest import DefaultConfigurationRequest
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.HeaderPosition import HeaderPosition
from appstoreserverlibrary.models.ImageSize import ImageSize
from appstoreserverlibrary.models.ImageState import ImageState
from appstoreserverlibrary.models.MessageState import MessageState
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.PerformanceTestRequest import PerformanceTestRequest
from appstoreserverlibrary.models.PerformanceTestStatus import PerformanceTestStatus
from appstoreserverlibrary.models.RealtimeUrlRequest import RealtimeUrlRequest
from appstoreserverlibrary.models.SendAttemptResult import SendAttemptResult
from appstoreserverlibrary.models.UploadMessageImage import UploadMessageImage
from appstoreserverlibrary.models.UploadMessageRequestBody import UploadMessageRequestBody
from appstoreserverlibrary.models.BulletPoint import BulletPoint
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

sys.path.insert(0, str(Path(__file__).parent))
import server_year  # noqa: E402
from server_year import Prompt, Receiver, api_key, check, notification_names as names  # noqa: E402

BUNDLE_ID = "com.example.studio"
MONTHLY = "com.example.studio.plus.monthly"
YEARLY = "com.example.studio.plus.yearly"
def png(width, height, alpha=False):
    """A real PNG: RGB (or RGBA) rows of one colour, zlib-compressed, every chunk with its CRC."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    pixel = b"\x20\x60\xa0" + (b"\xff" if alpha else b"")
    rows = b"".join(b"\x00" + pixel * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def api_error(call):
    try:
        call()
    except APIException as error:
        return error.raw_api_error
    return None


def raw_put(client, path, body):
    """A PUT with the library's bearer token; the answer's errorCode, or None for a 200."""
    answer = requests.put(client._base_url + path, json=body,
                          headers={"Authorization": f"Bearer {client._generate_token()}"}, timeout=10)
    return None if answer.status_code == 200 else answer.json().get("errorCode")


class RealtimeEndpoint:
    """The app's Get Retention Message endpoint: verifies each request, answers as `mode` says."""

    def __init__(self, verifier):
        self.verifier = verifier
        self.mode = "message"
        self.answer = {}
        self.decoded = []
        self.refused = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                try:
                    decoded = endpoint.verifier.verify_and_decode_realtime_request(json.loads(body)["signedPayload"])
                    endpoint.decoded.append(decoded)
                except Exception as error:  # a request the library refuses is a failure of storebench
                    endpoint.refused.append(repr(error))
                if endpoint.mode == "slow":
                    time.sleep(1.2)
                status = 500 if endpoint.mode == "error" else 200
                reply = json.dumps(endpoint.answer).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(reply)))
                    self.end_headers()
                    self.wfile.write(reply)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # storebench stopped waiting: the time limit passed

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/retention"


def wait_for_result(client, request_id):
    for _ in range(200):
        result = client.get_performance_test_results(request_id)
        if result.result != PerformanceTestStatus.PENDING:
            return result
        time.sleep(0.1)
    return result


def check_new_notifications(prompt, receiver, verifier, client, work):
    """RESCIND_CONSENT and PRICE_CHANGE, verified by the library; history filters and import by raw type."""
    receiver.take()
    said = " ".join(prompt.run("rescind-consent"))
    check("rescind-consent sends RESCIND_CONSENT", "sent RESCIND_CONSENT" in said, said)
    prompt.run("notify PRICE_CHANGE")
    payloads = receiver.take()
    decoded = [verifier.verify_and_decode_notification(payload) for payload in payloads]
    check("both verify with SignedDataVerifier as RESCIND_CONSENT and PRICE_CHANGE",
          [d.notificationType for d in decoded] == [NotificationTypeV2.RESCIND_CONSENT, NotificationTypeV2.PRICE_CHANGE])
    rescind = decoded[0] if decoded else None
    app = verifier.verify_and_decode_app_transaction(rescind.appData.signedAppTransactionInfo) if rescind and rescind.appData else None
    check("RESCIND_CONSENT carries appData with the account's app transaction, and no data",
          rescind is not None and rescind.data is None and rescind.appData.bundleId == BUNDLE_ID
          and rescind.appData.environment == Environment.SANDBOX and app is not None and app.bundleId == BUNDLE_ID,
          str(rescind.appData if rescind else None))
    change = decoded[1] if len(decoded) > 1 else None
    transaction = verifier.verify_and_decode_signed_transaction(change.data.signedTransactionInfo) if change else None
    check("PRICE_CHANGE carries the subscription's transaction and renewal info",
          transaction is not None and transaction.productId == MONTHLY and change.data.signedRenewalInfo is not None)
    now = int(time.time() * 1000) + 400 * 86_400_000
    window = dict(startDate=now - 800 * 86_400_000, endDate=now)
    for name, expected in [(NotificationTypeV2.RESCIND_CONSENT, 1), (NotificationTypeV2.METADATA_UPDATE, 0)]:
        history = client.get_notification_history(None, NotificationHistoryRequest(notificationType=name, **window))
        check(f"notification history filtered by {name.value} gives {expected}",
              len(history.notificationHistory) == expected, str(len(history.notificationHistory)))
    (work / "notifications.jws").write_text("\n".join(payloads) + "\n")
    imported = " ".join(prompt.run("import jws notifications.jws"))
    check("import jws reads both, naming their types as written",
          "2 notifications (RESCIND_CONSENT, PRICE_CHANGE)" in imported, imported)


def main():
    binary, work = sys.argv[1], Path(sys.argv[2])
    (work / "catalog").mkdir(exist_ok=True)
    top = Path(__file__).resolve().parents[2]
    (work / "catalog" / "offers.json").write_text((top / "catalog" / "offers.json").read_text())
    prompt = Prompt(binary, work)
    receiver = Receiver()
    prompt.run("catalog load catalog/offers.json")
    prompt.run("ca export root.der --der")
    root = (work / "root.der").read_bytes()
    key_id, issuer_id, signing_key = api_key(prompt, work)
    prompt.run("offer-key create --key-id RETAIN0001 --out offer.p8")
    prompt.run(f"notify-url add {receiver.url}")
    bought = " ".join(prompt.run(f"buy {MONTHLY}"))
    original_id = re.search(r"purchased (\d+)", bought).group(1)
    served = " ".join(prompt.run("serve start --port 0 --performance-test-scale 0.05"))
    base_url = re.search(r"http://127\.0\.0\.1:\d+", served).group(0)
    client = AppStoreServerAPIClient(signing_key, key_id, issuer_id, BUNDLE_ID, Environment.SANDBOX)
    client._base_url = base_url
    verifier = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE_ID)
    endpoint = RealtimeEndpoint(verifier)
    receiver.take()

    # Configuration, and what Apple refuses.
    image, bullet, hello, offer_message = uuid.uuid4(), uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    client.upload_image(image, png(3840, 400), ImageSize.FULL_SIZE)
    client.upload_image(bullet, png(64, 64), ImageSize.BULLET_POINT)
    check("Upload Image refuses a transparent PNG (INVALID_IMAGE)",
          api_error(lambda: client.upload_image(uuid.uuid4(), png(3840, 400, alpha=True))) == APIError.INVALID_IMAGE)
    check("Upload Image refuses a full-size image of the wrong width (BAD_REQUEST_IMAGE_SIZE)",
          api_error(lambda: client.upload_image(uuid.uuid4(), png(1000, 400))) == APIError.BAD_REQUEST_IMAGE_SIZE)
    check("Upload Image refuses an identifier twice (IMAGE_ALREADY_EXISTS)",
          api_error(lambda: client.upload_image(image, png(3840, 400))) == APIError.IMAGE_ALREADY_EXISTS)
    images = client.get_image_list().imageIdentifiers
    check("Get Image List gives both images APPROVED with their sizes",
          sorted((str(i.imageIdentifier), i.imageState, i.imageSize) for i in images)
          == sorted([(str(image), ImageState.APPROVED, ImageSize.FULL_SIZE), (str(bullet), ImageState.APPROVED, ImageSize.BULLET_POINT)]))
    client.upload_message(hello, UploadMessageRequestBody(
        header="Before you go", body="Your plan keeps your projects in sync.",
        image=UploadMessageImage(imageIdentifier=image, altText="A studio"), headerPosition=HeaderPosition.ABOVE_IMAGE,
        bulletPoints=[BulletPoint(text="Unlimited projects", imageIdentifier=bullet, altText="check")]))
    client.upload_message(offer_message, UploadMessageRequestBody(header="Stay for less", body="Three months at 1.99."))
    # The library checks lengths before sending: these go as plain HTTP with its token.
    check("Upload Message refuses a 67-character header (HEADER_TOO_LONG)",
          raw_put(client, f"/inApps/v1/messaging/message/{uuid.uuid4()}", {"header": "x" * 67, "body": "b"})
          == APIError.HEADER_TOO_LONG)
    check("Upload Message refuses a 145-character body (BODY_TOO_LONG)",
          raw_put(client, f"/inApps/v1/messaging/message/{uuid.uuid4()}", {"header": "h", "body": "x" * 145})
          == APIError.BODY_TOO_LONG)
    check("Upload Message refuses six bullet points (BAD_REQUEST_TOO_MANY_BULLET_POINTS)",
          raw_put(client, f"/inApps/v1/messaging/message/{uuid.uuid4()}", {"header": "h", "body": "b", "bulletPoints": [
              {"text": "t", "imageIdentifier": str(bullet), "altText": "a"}] * 6})
          == APIError.BAD_REQUEST_TOO_MANY_BULLET_POINTS)
    check("Upload Message refuses ABOVE_IMAGE without an image (BAD_REQUEST_ABOVE_IMAGE_REQUIRES_AN_IMAGE)",
          api_error(lambda: client.upload_message(uuid.uuid4(), UploadMessageRequestBody(
              header="h", body="b", headerPosition=HeaderPosition.ABOVE_IMAGE)))
          == APIError.BAD_REQUEST_ABOVE_IMAGE_REQUIRES_AN_IMAGE)
    messages = client.get_message_list().messageIdentifiers
    check("Get Message List gives both messages APPROVED",
          sorted((str(m.messageIdentifier), m.messageState) for m in messages)
          == sorted([(str(hello), MessageState.APPROVED), (str(offer_message), MessageState.APPROVED)]))
    check("Delete Image refuses an image a message shows (IMAGE_IN_USE)",
          api_error(lambda: client.delete_image(image)) == APIError.IMAGE_IN_USE)
    client.configure_default_message(MONTHLY, "en-US", DefaultConfigurationRequest(messageIdentifier=hello))
    check("Get Default Message gives the configured message",
          client.get_default_message(MONTHLY, "en-US").messageIdentifier == hello)
    check("Configure Default Message refuses a malformed locale (INVALID_LOCALE)",
          api_error(lambda: client.configure_default_message(MONTHLY, "english", DefaultConfigurationRequest(
              messageIdentifier=hello))) == APIError.INVALID_LOCALE)
    check("Get Realtime URL before one is set is REALTIME_URL_NOT_FOUND",
          api_error(lambda: client.get_realtime_url()) == APIError.REALTIME_URL_NOT_FOUND)
    client.configure_realtime_url(RealtimeUrlRequest(realtimeURL=endpoint.url))
    check("Get Realtime URL gives the URL set", client.get_realtime_url().realtimeURL == endpoint.url)

    # The customer's cancellation flow.
    offer_key = (work / "offer.p8").read_bytes()
    v2 = PromotionalOfferV2SignatureCreator(offer_key, "RETAIN0001", issuer_id, BUNDLE_ID)
    endpoint.mode = "message"
    endpoint.answer = {"promotionalOffer": {
        "messageIdentifier": str(offer_message),
        "promotionalOfferSignatureV2": v2.create_signature(MONTHLY, "plus.comeback", original_id)}}
    shown = prompt.run(f"cancel-flow {MONTHLY}")
    decoded = endpoint.decoded[-1] if endpoint.decoded else None
    check("the realtime request verifies with the library and names the subscription",
          decoded is not None and not endpoint.refused and decoded.originalTransactionId == original_id
          and decoded.productId == MONTHLY and decoded.userLocale == "en-US"
          and decoded.environment == Environment.SANDBOX and decoded.appAppleId == 1234567890,
          f"{decoded} {endpoint.refused}")
    check("an offer signed with the library is shown with its message",
          any("promotional offer plus.comeback" in line for line in shown)
          and any(str(offer_message) in line for line in shown), " | ".join(shown))
    accepted = " ".join(prompt.run("cancel-flow accept"))
    check("the customer accepts the offer", "cancel-flow accepted: offer plus.comeback" in accepted, accepted)
    prompt.run("advance-clock 1mo")
    renewed = names(verifier, receiver.take())
    check("the accepted offer starts at the renewal, heard as verified notifications",
          "DID_RENEW" in renewed or "OFFER_REDEEMED/UPGRADE" in renewed or any(n.startswith("OFFER_REDEEMED") for n in renewed),
          ", ".join(renewed))

    endpoint.answer = {"alternateProduct": {"messageIdentifier": str(hello), "productId": YEARLY}}
    shown = prompt.run(f"cancel-flow {MONTHLY}")
    check("an alternate product of the group is offered", any(f"switch to {YEARLY}" in line for line in shown),
          " | ".join(shown))
    prompt.run("cancel-flow close")

    endpoint.mode = "slow"
    endpoint.answer = {"message": {"messageIdentifier": str(offer_message)}}
    shown = prompt.run(f"cancel-flow {MONTHLY}")
    check("a slow answer falls back to the default message",
          any("TIMED_OUT" in line and "default message" in line for line in shown)
          and any(str(hello) in line for line in shown), " | ".join(shown))
    prompt.run("cancel-flow close")

    other_key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    forged = PromotionalOfferV2SignatureCreator(other_key, "RETAIN0001", issuer_id, BUNDLE_ID)
    endpoint.mode = "message"
    endpoint.answer = {"promotionalOffer": {
        "messageIdentifier": str(offer_message),
        "promotionalOfferSignatureV2": forged.create_signature(MONTHLY, "plus.comeback", original_id)}}
    shown = prompt.run(f"cancel-flow {MONTHLY}")
    check("an offer with a bad signature is refused, said why, and the default shown",
          any("signature is refused" in line for line in shown) and any(str(hello) in line for line in shown),
          " | ".join(shown))
    cancelled = " ".join(prompt.run("cancel-flow cancel"))
    check("the customer cancels", "auto-renew off" in cancelled, cancelled)
    check("the cancellation is heard as a verified DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
          names(verifier, receiver.take()) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])

    # Performance tests: Apple's load test of the realtime URL.
    prompt.run("environment production")
    production = AppStoreServerAPIClient(signing_key, key_id, issuer_id, BUNDLE_ID, Environment.PRODUCTION)
    production._base_url = base_url
    refused = api_error(lambda: production.configure_realtime_url(RealtimeUrlRequest(realtimeURL=endpoint.url)))
    check("a production realtime URL needs a passed performance test (FORBIDDEN_NO_PASSING_TEST)",
          refused == APIError.FORBIDDEN_NO_PASSING_TEST, str(refused))
    prompt.run("environment sandbox")
    for mode, expected, failure in [("error", PerformanceTestStatus.FAIL, SendAttemptResult.UNSUCCESSFUL_HTTP_RESPONSE_CODE),
                                    ("slow", PerformanceTestStatus.FAIL, SendAttemptResult.TIMED_OUT),
                                    ("message", PerformanceTestStatus.PASS, None)]:
        endpoint.mode = mode
        endpoint.answer = {"message": {"messageIdentifier": str(hello)}}
        started = client.initiate_performance_test(PerformanceTestRequest(originalTransactionId=original_id))
        check(f"Initiate Performance Test ({mode}) gives the scaled config and a request id",
              started.config.totalRequests == 15 and started.config.responseTimeThreshold == 700
              and started.requestId is not None, str(started))
        if mode == "error":
            check("a second test while one runs is EXISTING_PERFORMANCE_TEST_RUN",
                  api_error(lambda: client.initiate_performance_test(PerformanceTestRequest(
                      originalTransactionId=original_id))) == APIError.EXISTING_PERFORMANCE_TEST_RUN)
        result = wait_for_result(client, started.requestId)
        detail = f"{result.result} {result.successRate}% {result.rawFailures} {result.responseTimes}"
        check(f"the {mode} endpoint's test ends {expected.value}", result.result == expected and result.numPending == 0
              and result.target == endpoint.url, detail)
        if failure is not None:
            check(f"its failures are {failure.value}", result.failures == {failure: 15}, detail)
        else:
            check("its response times are all within the threshold",
                  result.successRate == 100 and result.responseTimes.p99 <= 700, detail)
    check("Get Performance Test Results of an unknown test is PERFORMANCE_TEST_RUN_NOT_FOUND",
          api_error(lambda: client.get_performance_test_results(str(uuid.uuid4()))) == APIError.PERFORMANCE_TEST_RUN_NOT_FOUND)
    prompt.run("environment production")
    production.configure_realtime_url(RealtimeUrlRequest(realtimeURL=endpoint.url))
    check("after a passed test the production realtime URL is accepted",
          production.get_realtime_url().realtimeURL == endpoint.url)
    check("every realtime request verified with the library", not endpoint.refused, str(endpoint.refused[:2]))
    prompt.run("environment sandbox")
    check_new_notifications(prompt, receiver, verifier, client, work)
    prompt.run("serve stop")
    prompt.close()
    print(f"retention messaging: {server_year.failures} failed")
    return 1 if server_year.failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""External purchase tokens against `storebench serve`, checked with Apple's App Store Server Library.

Usage: external_purchase.py STOREBENCH_BINARY WORK_DIR

Drives storebench's prompt through a pipe (as server_year.py does), serves the world with
`serve start`, and follows tokens through their lives: a custom link token announced with
EXTERNAL_PURCHASE_TOKEN/CREATED and reported through the External Purchase Server API (PUT
/externalPurchase/v1/reports, with a bearer token made by the library's client), then retrieved;
tokens never reported, which get UNREPORTED; a long-lived one reminded with ACTIVE_TOKEN_REMINDER; a
production token. Every notification is verified and decoded by Apple's SignedDataVerifier into an
ExternalPurchaseToken. Prints one line per check and exits non-zero when any fails.
"""
import json
import re
import sys
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from appstoreserverlibrary.api_client import AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExternalPurchaseToken import ExternalPurchaseToken
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from server_year import BUNDLE_ID, Prompt, Receiver, api_key, check
import server_year


def token_id(lines):
    """The externalPurchaseId `external-purchase link-out` printed."""
    match = re.search(r"external purchase token (\S+)", " ".join(lines))
    return match.group(1) if match else None


class ReportAPI:
    """The External Purchase Server API over plain HTTP, with the library's bearer token."""

    def __init__(self, base_url, client):
        self.base_url = base_url
        self.client = client

    def call(self, method, path, body=None, authorized=True):
        headers = {"Content-Type": "application/json"}
        if authorized:
            headers["Authorization"] = "Bearer " + self.client._generate_token()
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        request = urllib.request.Request(self.base_url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            text = error.read()
            return error.code, json.loads(text) if text else None

    def send(self, report):
        return self.call("PUT", "/externalPurchase/v1/reports", report)

    def retrieve(self, request_identifier):
        return self.call("GET", f"/externalPurchase/v1/reports/{request_identifier}")


def decoded_tokens(verifier, payloads):
    """Each payload verified and decoded: (subtype, ExternalPurchaseToken)."""
    decoded = []
    for payload in payloads:
        notification = verifier.verify_and_decode_notification(payload)
        check("the notification is EXTERNAL_PURCHASE_TOKEN with an ExternalPurchaseToken and no data",
              notification.notificationType == NotificationTypeV2.EXTERNAL_PURCHASE_TOKEN
              and isinstance(notification.externalPurchaseToken, ExternalPurchaseToken) and notification.data is None,
              notification.rawNotificationType)
        decoded.append((notification.rawSubtype, notification.externalPurchaseToken))
    return decoded


def main():
    binary, work = sys.argv[1], Path(sys.argv[2])
    prompt = Prompt(binary, work)
    receiver = Receiver()
    prompt.run("ca export root.der --der")
    root = (work / "root.der").read_bytes()
    key_id, issuer_id, signing_key = api_key(prompt, work)
    prompt.run(f"notify-url add {receiver.url}")
    served = " ".join(prompt.run("serve start --port 0"))
    base_url = re.search(r"http://127\.0\.0\.1:\d+", served).group(0)
    client = AppStoreServerAPIClient(signing_key, key_id, issuer_id, BUNDLE_ID, Environment.SANDBOX)
    api = ReportAPI(base_url, client)
    sandbox = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE_ID)

    # A services token's life: CREATED, a report, no UNREPORTED.
    services = token_id(prompt.run("external-purchase link-out --type services"))
    check("link-out makes a sandbox token", services is not None and services.startswith("SANDBOX_"), services)
    created = decoded_tokens(sandbox, receiver.take())
    check("CREATED reaches the server, verified by SignedDataVerifier in the sandbox",
          [(subtype, token.externalPurchaseId) for subtype, token in created] == [("CREATED", services)], created)
    if created:
        token = created[0][1]
        check("the token names the app and its creation date", token.bundleId == BUNDLE_ID and token.tokenCreationDate > 0,
              token)
    status, body = api.send({"requestIdentifier": str(uuid.uuid4()), "externalPurchaseId": services, "status": "LINE_ITEM"})
    check("a LINE_ITEM report without line items is refused with MissingLineItemsForStatusError",
          status == 400 and [e["errorCode"] for e in body["errors"]] == [9], (status, body))
    status, body = api.send({"requestIdentifier": str(uuid.uuid4()), "externalPurchaseId": "SANDBOX_" + str(uuid.uuid4()),
                             "status": "NO_LINE_ITEM"})
    check("a report of an unknown token is refused with NotFoundError on externalPurchaseId",
          status == 400 and body["errors"] == [{"errorCode": 3, "errorMessage": "The referenced value was not found.",
                                                "fieldName": "externalPurchaseId"}], (status, body))
    status, body = api.send({"externalPurchaseId": services, "status": "NO_LINE_ITEM"})
    check("a report without requestIdentifier is refused with OmittedFieldError",
          status == 400 and [(e["errorCode"], e["fieldName"]) for e in body["errors"]] == [(4, "requestIdentifier")],
          (status, body))
    status, body = api.send(b"not json")
    check("a malformed report is a 400", status == 400, (status, body))
    request_identifier = str(uuid.uuid4())
    report = {"requestIdentifier": request_identifier, "externalPurchaseId": services, "status": "LINE_ITEM",
              "lineItems": [{"lineItemId": "1", "creationDate": created[0][1].tokenCreationDate if created else 0,
                             "pricingCurrency": "EUR", "reportingCurrency": "EUR", "amountTaxExclusive": 9990,
                             "amountTaxInclusive": 11990, "netAmountTaxExclusive": 9990, "taxAmount": 2000,
                             "taxCountry": "DEU", "productIdentifier": "pro", "quantity": 1, "eventType": "BUY",
                             "productType": "ONE_TIME_BUY"}]}
    incomplete = dict(report, lineItems=[{k: v for k, v in report["lineItems"][0].items() if k != "taxCountry"}])
    status, body = api.send(incomplete)
    check("a line item without taxCountry is refused with OmittedFieldError naming the line item",
          status == 400 and [(e["errorCode"], e["fieldName"], e.get("lineItemId")) for e in body["errors"]]
          == [(4, "taxCountry", "1")], (status, body))
    status, body = api.send(report)
    check("Send External Purchase Report accepts the report", status == 200 and body == {"requestIdentifier": request_identifier},
          (status, body))
    status, body = api.send(report)
    check("the same requestIdentifier again is a DuplicateValueError",
          status == 400 and [(e["errorCode"], e["fieldName"]) for e in body["errors"]] == [(1, "requestIdentifier")],
          (status, body))
    status, body = api.retrieve(request_identifier)
    check("Retrieve External Purchase Report gives the report back", status == 200 and body == {"report": report}, (status, body))
    status, body = api.retrieve(str(uuid.uuid4()))
    check("an unknown report is a NotFoundError", status == 400 and body.get("errorCode") == 3, (status, body))
    status, _ = api.call("GET", f"/externalPurchase/v1/reports/{request_identifier}", authorized=False)
    check("the External Purchase Server API wants the bearer token", status == 401, status)
    prompt.run("advance-clock 1h")
    check("a reported token gets no UNREPORTED when it expires", receiver.take() == [])

    # Tokens never reported.
    acquisition = token_id(prompt.run("external-purchase link-out --type acquisition"))
    plain = token_id(prompt.run("external-purchase link-out"))
    prompt.run("advance-clock 1h")
    names = [(subtype, token.externalPurchaseId) for subtype, token in decoded_tokens(sandbox, receiver.take())]
    check("an acquisition token never reported: CREATED, then UNREPORTED when it expires an hour later",
          names == [("CREATED", acquisition), ("UNREPORTED", acquisition)], names)
    prompt.run("advance-clock 10d")
    names = [(subtype, token.externalPurchaseId) for subtype, token in decoded_tokens(sandbox, receiver.take())]
    check("a plain link-out token never reported: UNREPORTED 10 days after it was made",
          names == [("UNREPORTED", plain)], names)

    # A long-lived custom link token is reminded of monthly while it is active.
    reminded = token_id(prompt.run("external-purchase link-out --type services --lifetime 3mo"))
    prompt.run("advance-clock 3mo")
    names = [(subtype, token.externalPurchaseId) for subtype, token in decoded_tokens(sandbox, receiver.take())]
    check("a services token active for 3 months: CREATED, two ACTIVE_TOKEN_REMINDER, UNREPORTED at its expiry",
          names == [("CREATED", reminded), ("ACTIVE_TOKEN_REMINDER", reminded), ("ACTIVE_TOKEN_REMINDER", reminded),
                    ("UNREPORTED", reminded)], names)

    # Production: no SANDBOX prefix, and the verifier compares appAppleId.
    prompt.run("environment production")
    prompt.run(f"notify-url add {receiver.url} --environment production")
    production_token = token_id(prompt.run("external-purchase link-out --type services"))
    production = SignedDataVerifier([root], False, Environment.PRODUCTION, BUNDLE_ID, 1234567890)
    names = [(subtype, token.externalPurchaseId, token.appAppleId)
             for subtype, token in decoded_tokens(production, receiver.take())]
    check("a production token has no SANDBOX prefix and verifies in production with the app's appAppleId",
          names == [("CREATED", production_token, 1234567890)] and not production_token.startswith("SANDBOX"), names)

    prompt.run("serve stop")
    check("storebench's prompt ends cleanly", prompt.close() == 0)
    sys.exit(1 if server_year.failures else 0)


if __name__ == "__main__":
    main()

"""A backend's year against `storebench serve`, checked with the clients real backends use.

Usage: server_year.py STOREBENCH_BINARY WORK_DIR

Drives storebench's prompt through a pipe (each command followed by an `echo` marker), serves the
world with `serve start`, and plays a subscription year: purchase, renewals, billing retry,
recovery, upgrade, a refund request answered with consumption information, the refund. After every
step the backend's view through Apple's App Store Server Library (history v1 and v2, statuses,
transaction info, refund history), the notifications a receiver got (verified with Apple's
SignedDataVerifier), and the device's receipt through a verifyReceipt client (inapppy, with its
21007 redirect) must agree. Then the production retry schedule, the test notification and every
other endpoint the library has. Prints one line per check and exits non-zero when any fails.
"""
import base64
import json
import re
import subprocess
import sys
import threading
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.AccountTenure import AccountTenure
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.DeliveryStatusV1 import DeliveryStatusV1
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ConsumptionStatus import ConsumptionStatus
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.LifetimeDollarsPurchased import LifetimeDollarsPurchased
from appstoreserverlibrary.models.LifetimeDollarsRefunded import LifetimeDollarsRefunded
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.Platform import Platform
from appstoreserverlibrary.models.PlayTime import PlayTime
from appstoreserverlibrary.models.RefundPreference import RefundPreference
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, ProductType, TransactionHistoryRequest
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
from appstoreserverlibrary.models.UserStatus import UserStatus
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
from inapppy import AppStoreValidator

BUNDLE_ID = "com.example.storebench"
HOUR_MS = 3_600_000
failures = 0


def check(name, condition, detail=""):
    global failures
    print(("ok    " if condition else "FAIL  ") + name + (f": {detail}" if detail else ""), flush=True)
    failures += 0 if condition else 1
    return condition


class Prompt:
    """storebench's prompt on a pipe: `run` sends a command and returns what it printed."""

    def __init__(self, binary, work):
        self.process = subprocess.Popen(
            [binary], cwd=work, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, bufsize=1, env={"STOREBENCH_CA_DIR": str(work / "ca"), "PATH": "/usr/bin:/bin"})
        self.errors = []
        threading.Thread(target=self._read_errors, daemon=True).start()
        self.count = 0

    def _read_errors(self):
        for line in self.process.stderr:
            self.errors.append(line.rstrip("\n"))

    def run(self, command):
        self.count += 1
        marker = f"@@done-{self.count}"
        self.process.stdin.write(f"{command}\necho {marker}\n")
        self.process.stdin.flush()
        lines = []
        for line in self.process.stdout:
            line = line.rstrip("\n")
            if line == marker:
                return lines
            lines.append(line)
        raise RuntimeError(f"storebench ended during `{command}`: {self.errors[-5:]}")

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.close()
        return self.process.wait(timeout=30)


class Receiver:
    """A notification endpoint: keeps every signedPayload; answers 500 to the next `failing` posts."""

    def __init__(self):
        self.payloads = []
        self.failing = 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                failing = receiver.failing > 0
                if failing:
                    receiver.failing -= 1
                else:
                    receiver.payloads.append(json.loads(body)["signedPayload"])
                self.send_response(500 if failing else 200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/notifications"

    def take(self):
        taken, self.payloads = self.payloads, []
        return taken


def api_key(prompt, work):
    """Creates the world's API key: its id, issuer and the private key's bytes."""
    key_lines = " ".join(prompt.run("api-key create --out AuthKey.p8"))
    key_id = re.search(r"\b([A-Z0-9]{10})\b", key_lines).group(1)
    issuer_id = re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", key_lines, re.I).group(0)
    return key_id, issuer_id, (work / "AuthKey.p8").read_bytes()


def verify_receipt_client(base_url):
    """inapppy's validator aimed at storebench: production first, 21007 sends it to the sandbox path."""

    class Validator(AppStoreValidator):
        def _change_url_by_sandbox(self):
            self.url = base_url + ("/sandbox/verifyReceipt" if self.sandbox else "/verifyReceipt")

    return Validator(sandbox=False, auto_retry_wrong_env_request=True)


def all_history(client, transaction_id, version):
    transactions, revision, pages = [], None, 0
    while True:
        page = client.get_transaction_history(transaction_id, revision, TransactionHistoryRequest(sort=Order.ASCENDING), version)
        transactions += page.signedTransactions or []
        pages += 1
        if not page.hasMore:
            return transactions, pages
        revision = page.revision


def notification_names(verifier, payloads):
    names = []
    for payload in payloads:
        decoded = verifier.verify_and_decode_notification(payload)
        names.append(decoded.rawNotificationType + (f"/{decoded.rawSubtype}" if decoded.rawSubtype else ""))
    return names


def main():
    binary, work = sys.argv[1], Path(sys.argv[2])
    prompt = Prompt(binary, work)
    receiver = Receiver()
    prompt.run("ca export root.der --der")
    root = (work / "root.der").read_bytes()
    key_id, issuer_id, signing_key = api_key(prompt, work)
    prompt.run("shared-secret 0123456789abcdef0123456789abcdef")
    prompt.run(f"notify-url add {receiver.url}")
    served = " ".join(prompt.run("serve start --port 0"))
    base_url = re.search(r"http://127\.0\.0\.1:\d+", served).group(0)
    check("serve start prints the base URL", base_url is not None, base_url)

    client = AppStoreServerAPIClient(signing_key, key_id, issuer_id, BUNDLE_ID, Environment.SANDBOX)
    client._base_url = base_url
    verifier = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE_ID)
    validator = verify_receipt_client(base_url)

    steps = [
        ("buy lite.monthly", ["SUBSCRIBED/INITIAL_BUY"]),
        ("advance-clock 1mo", ["DID_RENEW"]),
        ("billing-retry on", []),
        ("advance-clock 1mo", ["DID_FAIL_TO_RENEW"]),
        ("billing-fix", ["DID_RENEW/BILLING_RECOVERY"]),
        ("billing-retry off", []),
        ("buy pro.monthly", ["DID_CHANGE_RENEWAL_PREF/UPGRADE"]),
        ("advance-clock 1mo", ["DID_RENEW"]),
        ("refund-request last --reason unsatisfied-with-purchase", ["CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"]),
        ("consumption", []),
        ("refund decide grant last", ["REFUND"]),
        ("advance-clock 8mo", []),
    ]
    original_id = None
    for command, expected in steps:
        if command == "consumption":
            latest = all_history(client, original_id, GetTransactionHistoryVersion.V2)[0][-1]
            latest_id = verifier.verify_and_decode_signed_transaction(latest).transactionId
            answer = client.send_consumption_information(latest_id, ConsumptionRequest(
                customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED,
                refundPreference=RefundPreference.GRANT_PRORATED))
            check("Send Consumption Information (v2) is accepted", answer is None)
            continue
        output = prompt.run(command)
        if prompt.errors:
            check(f"`{command}` runs", False, prompt.errors[-1])
            prompt.errors.clear()
        names = notification_names(verifier, receiver.take())
        check(f"`{command}`: the receiver gets {expected or 'nothing'}", names == expected, names)
        if original_id is None:
            match = re.search(r"purchased (2\d{15})", " ".join(output))
            original_id = match.group(1)
        compare_views(prompt, client, verifier, validator, original_id, command, work)

    check_retry_schedule(prompt, receiver, base_url, signing_key, key_id, issuer_id, root)
    check_production_fields(prompt, receiver, base_url, signing_key, key_id, issuer_id, root)
    check_endpoints(prompt, client, verifier, original_id)
    prompt.run("serve stop")
    check("the prompt ends cleanly", prompt.close() == 0)
    return 1 if failures else 0


def compare_views(prompt, client, verifier, validator, original_id, step, work):
    """The backend's view through the API must match the device's receipt through verifyReceipt."""
    prompt.run("receipt export receipt.der")
    receipt = base64.b64encode((work / "receipt.der").read_bytes()).decode()
    validator.sandbox = False
    answer = validator.validate(receipt, "0123456789abcdef0123456789abcdef")
    check(f"after `{step}`: verifyReceipt answers 0 through the 21007 redirect", answer["status"] == 0 and validator.sandbox)
    receipt_ids = sorted(item["transaction_id"] for item in answer.get("latest_receipt_info", []))
    for version in (GetTransactionHistoryVersion.V1, GetTransactionHistoryVersion.V2):
        signed, _ = all_history(client, original_id, version)
        decoded = [verifier.verify_and_decode_signed_transaction(item) for item in signed]
        api_ids = sorted(item.transactionId for item in decoded)
        check(f"after `{step}`: history {version.value} matches latest_receipt_info", api_ids == receipt_ids, f"{api_ids} vs {receipt_ids}")
    statuses = client.get_all_subscription_statuses(original_id)
    last = statuses.data[0].lastTransactions[0]
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    pending = answer.get("pending_renewal_info", [{}])[0]
    check(f"after `{step}`: renewal info matches pending_renewal_info",
          str(renewal.autoRenewStatus.value if renewal.autoRenewStatus is not None else "") == pending.get("auto_renew_status", "")
          and renewal.autoRenewProductId == pending.get("auto_renew_product_id"),
          f"{renewal.autoRenewStatus} {renewal.autoRenewProductId} vs {pending}")


def check_retry_schedule(prompt, receiver, base_url, signing_key, key_id, issuer_id, root):
    """Production retries a failed notification at +1, +12, +24 and +48 hours of virtual time."""
    prompt.run("environment production")
    prompt.run(f"notify-url add {receiver.url} --environment production")
    receiver.failing = 4
    prompt.run("buy coins.100")
    for span in ("1h", "12h", "24h", "48h"):
        prompt.run(f"advance-clock {span}")
    names = [json.loads(base64.urlsafe_b64decode(p.split(".")[1] + "==")).get("notificationType") for p in receiver.take()]
    check("production: the fifth attempt delivers ONE_TIME_CHARGE", names == ["ONE_TIME_CHARGE"], names)
    client = AppStoreServerAPIClient(signing_key, key_id, issuer_id, BUNDLE_ID, Environment.PRODUCTION)
    client._base_url = base_url
    now = prompt.run("clock")[0]
    now_ms = int(datetime.strptime(now, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp() * 1000)
    history = client.get_notification_history(None, NotificationHistoryRequest(
        startDate=now_ms - 10 * 24 * HOUR_MS, endDate=now_ms + 1, onlyFailures=False))
    items = [item for item in history.notificationHistory if item.sendAttempts and len(item.sendAttempts) == 5]
    if check("Get Notification History shows five attempts", len(items) == 1, now):
        dates = [attempt.attemptDate for attempt in items[0].sendAttempts]
        gaps = [(b - a) // HOUR_MS for a, b in zip(dates, dates[1:])]
        check("attempts 1, 12, 24 and 48 hours apart", gaps == [1, 12, 24, 48], gaps)
        results = [attempt.rawSendAttemptResult for attempt in items[0].sendAttempts]
        check("four UNSUCCESSFUL_HTTP_RESPONSE_CODE then SUCCESS",
              results == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE"] * 4 + ["SUCCESS"], results)
    order_id = re.search(r"order ([A-Z0-9]{10})", " ".join(prompt.run("order-id last"))).group(1)
    production = SignedDataVerifier([root], False, Environment.PRODUCTION, BUNDLE_ID, 1234567890)
    lookup = client.look_up_order_id(order_id)
    bought = [production.verify_and_decode_signed_transaction(item) for item in lookup.signedTransactions or []]
    check("Look Up Order ID finds the purchase (production)", lookup.status == 0 and [t.productId for t in bought] == ["coins.100"], lookup.status)
    check("an unknown order id answers status 1", client.look_up_order_id("ZZZZZZZZZZ").status == 1)
    prompt.run("environment sandbox")


def check_production_fields(prompt, receiver, base_url, signing_key, key_id, issuer_id, root):
    """Production: a new customer's notifications, transactions, renewal info and app transaction,
    verified by a SignedDataVerifier given the app's appAppleId, carry one appTransactionId, the
    2025 fields, and on a refund revocationType; the API takes the appTransactionId where Apple
    takes anyTransactionId and answers 4000048 where it does not."""
    prompt.run("environment production")
    prompt.run("account add production")
    prompt.run("account use production")
    receiver.take()
    bought = re.search(r"purchased (2\d{15})", " ".join(prompt.run("buy lite.monthly"))).group(1)
    app_token = [line for line in prompt.run("jws --app") if line.startswith("ey")][0]
    prompt.run(f"refund {bought}")
    production = SignedDataVerifier([root], False, Environment.PRODUCTION, BUNDLE_ID, 1234567890)
    app = production.verify_and_decode_app_transaction(app_token)
    check("production: the app transaction has appAppleId 1234567890 and originalPlatform iOS",
          app.appAppleId == 1234567890 and app.rawOriginalPlatform == "iOS", f"{app.appAppleId} {app.rawOriginalPlatform}")
    notifications = [production.verify_and_decode_notification(p) for p in receiver.take()]
    names = [n.rawNotificationType + (f"/{n.rawSubtype}" if n.rawSubtype else "") for n in notifications]
    check("production: SUBSCRIBED/INITIAL_BUY then REFUND, verified with the app's appAppleId",
          names == ["SUBSCRIBED/INITIAL_BUY", "REFUND"] and all(n.data.appAppleId == 1234567890 for n in notifications), names)
    if len(notifications) == 2:
        bought_info = production.verify_and_decode_signed_transaction(notifications[0].data.signedTransactionInfo)
        renewal = production.verify_and_decode_renewal_info(notifications[0].data.signedRenewalInfo)
        refunded = production.verify_and_decode_signed_transaction(notifications[1].data.signedTransactionInfo)
        ids = {app.appTransactionId, bought_info.appTransactionId, renewal.appTransactionId, refunded.appTransactionId}
        check("production: one appTransactionId in the app transaction, transactions and renewal info", len(ids) == 1, ids)
        check("production: the intro-offer purchase has PURCHASE, price 990 USD, PAY_AS_YOU_GO for P3M",
              bought_info.rawTransactionReason == "PURCHASE" and bought_info.price == 990 and bought_info.currency == "USD"
              and bought_info.rawOfferDiscountType == "PAY_AS_YOU_GO" and bought_info.offerPeriod == "P3M",
              f"{bought_info.rawTransactionReason} {bought_info.price} {bought_info.rawOfferDiscountType} {bought_info.offerPeriod}")
        check("production: the renewal info has the next period's offer and price",
              renewal.rawOfferDiscountType == "PAY_AS_YOU_GO" and renewal.offerPeriod == "P3M" and renewal.renewalPrice == 990
              and renewal.currency == "USD", f"{renewal.rawOfferDiscountType} {renewal.offerPeriod} {renewal.renewalPrice}")
        check("production: REFUND carries revocationType REFUND_FULL and revocationPercentage 100000",
              refunded.rawRevocationType == "REFUND_FULL" and refunded.revocationPercentage == 100000,
              f"{refunded.rawRevocationType} {refunded.revocationPercentage}")
    client = AppStoreServerAPIClient(signing_key, key_id, issuer_id, BUNDLE_ID, Environment.PRODUCTION)
    client._base_url = base_url
    history = client.get_transaction_history(app.appTransactionId, None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    listed = [production.verify_and_decode_signed_transaction(item).transactionId for item in history.signedTransactions]
    check("production: Get Transaction History takes the appTransactionId", listed == [bought] and history.appAppleId == 1234567890, listed)
    statuses = client.get_all_subscription_statuses(app.appTransactionId)
    check("production: Get All Subscription Statuses takes the appTransactionId",
          [item.originalTransactionId for group in statuses.data for item in group.lastTransactions] == [bought])
    info = client.get_app_transaction_info(app.appTransactionId)
    check("production: Get App Transaction Info takes the appTransactionId",
          production.verify_and_decode_app_transaction(info.signedAppTransactionInfo).appTransactionId == app.appTransactionId)
    try:
        client.get_transaction_info(app.appTransactionId)
        check("production: Get Transaction Info refuses an appTransactionId", False)
    except APIException as error:
        check("production: Get Transaction Info answers 4000048 to an appTransactionId", error.raw_api_error == 4000048, error.raw_api_error)
    prompt.run("account use default")
    prompt.run("environment sandbox")


def check_endpoints(prompt, client, verifier, original_id):
    """Every other endpoint Apple's library has answers as documented."""
    info = client.get_transaction_info(original_id)
    check("Get Transaction Info", verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo).originalTransactionId == original_id)
    refunds = client.get_refund_history(original_id, None)
    refunded = [verifier.verify_and_decode_signed_transaction(item) for item in refunds.signedTransactions]
    check("Get Refund History lists the refund", any(item.revocationDate for item in refunded) and not refunds.hasMore)
    token = client.request_test_notification().testNotificationToken
    status = client.get_test_notification_status(token)
    check("Test Notification delivered", status.sendAttempts and status.sendAttempts[-1].rawSendAttemptResult == "SUCCESS")
    try:
        client.get_transaction_info("12x")
        check("a malformed transaction id is refused", False)
    except APIException as error:
        check("a malformed transaction id gets 4000006", error.raw_api_error == 4000006, error.raw_api_error)
    try:
        client.get_transaction_info("9999999999999999")
        check("an unknown transaction id is refused", False)
    except APIException as error:
        check("an unknown transaction id gets 4040010", error.raw_api_error == 4040010, error.raw_api_error)
    signed, _ = all_history(client, original_id, GetTransactionHistoryVersion.V2)
    request = TransactionHistoryRequest(productTypes=[ProductType.AUTO_RENEWABLE], revoked=True, sort=Order.DESCENDING)
    revoked = client.get_transaction_history(original_id, None, request, GetTransactionHistoryVersion.V2)
    decoded = [verifier.verify_and_decode_signed_transaction(item) for item in revoked.signedTransactions]
    check("history filters: revoked auto-renewables only", decoded and all(t.revocationDate for t in decoded), len(decoded))
    statuses = client.get_all_subscription_statuses(original_id, [Status.REVOKED])
    check("statuses filtered by status 5 (revoked)", [item.status for group in statuses.data for item in group.lastTransactions] == [Status.REVOKED])
    output = prompt.run("buy pro.yearly")
    new_id = re.search(r"purchased (2\d{15})", " ".join(output)).group(1)
    token_value = str(uuid.uuid4())
    client.set_app_account_token(original_id, UpdateAppAccountTokenRequest(appAccountToken=token_value))
    info = verifier.verify_and_decode_signed_transaction(client.get_transaction_info(new_id).signedTransactionInfo)
    check("Set App Account Token shows in the transaction", info.appAccountToken == token_value, info.appAccountToken)
    extended = client.extend_subscription_renewal_date(original_id, ExtendRenewalDateRequest(
        extendByDays=7, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION, requestIdentifier=str(uuid.uuid4())))
    check("Extend a Subscription Renewal Date", extended.success is True)
    request_id = str(uuid.uuid4())
    client.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=3, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier=request_id, productId="pro.yearly"))
    mass = client.get_status_of_subscription_renewal_date_extensions(request_id, "pro.yearly")
    check("mass extension completes", mass.complete is True and mass.succeededCount == 1, mass)
    app = client.get_app_transaction_info(new_id)
    check("Get App Transaction Info", verifier.verify_and_decode_app_transaction(app.signedAppTransactionInfo).bundleId == BUNDLE_ID)
    output = prompt.run("buy coins.100")
    coin_id = re.search(r"purchased (2\d{15})", " ".join(output)).group(1)
    client.send_consumption_data(coin_id, ConsumptionRequestV1(
        customerConsented=True, consumptionStatus=ConsumptionStatus.UNDECLARED, platform=Platform.UNDECLARED,
        sampleContentProvided=False, deliveryStatus=DeliveryStatusV1.DELIVERED_AND_WORKING_PROPERLY, appAccountToken="",
        accountTenure=AccountTenure.UNDECLARED, playTime=PlayTime.UNDECLARED,
        lifetimeDollarsRefunded=LifetimeDollarsRefunded.UNDECLARED,
        lifetimeDollarsPurchased=LifetimeDollarsPurchased.UNDECLARED, userStatus=UserStatus.UNDECLARED))
    check("Send Consumption Information (v1) is accepted", True)
    client.finish_transaction(coin_id)
    check("Finish Transaction is accepted", True)


if __name__ == "__main__":
    sys.exit(main())

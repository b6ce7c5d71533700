"""Checks storebench's artifacts with Apple's App Store Server Library for Python.

Usage: check_apple_library.py DIR BUNDLE_ID TRANSACTION_ID
Prints one line per check and exits non-zero when any fails.
"""
import sys
from pathlib import Path

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.receipt_utility import ReceiptUtility
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

directory, bundle_id, transaction_id = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
verifier = SignedDataVerifier([(directory / "root.der").read_bytes()], False, Environment.SANDBOX, bundle_id)
failures = 0


def check(name, condition, detail=""):
    global failures
    print(("ok    " if condition else "FAIL  ") + name + (f": {detail}" if detail else ""))
    failures += 0 if condition else 1


transaction = verifier.verify_and_decode_signed_transaction((directory / "transaction.jws").read_text().strip())
check("SignedDataVerifier accepts the transaction", transaction.transactionId == transaction_id, transaction.transactionId)
check("the transaction is a Sandbox one", transaction.environment == Environment.SANDBOX)
renewal = verifier.verify_and_decode_renewal_info((directory / "renewal.jws").read_text().strip())
check("SignedDataVerifier accepts the renewal info", renewal.autoRenewProductId is not None, renewal.autoRenewProductId)
try:
    verifier.verify_and_decode_signed_transaction((directory / "tampered.jws").read_text().strip())
    check("SignedDataVerifier rejects a tampered transaction", False)
except VerificationException as error:
    check("SignedDataVerifier rejects a tampered transaction", True, str(error.status))
# The fields of 2024–2026, and appTransactionId the same in the app transaction, the transaction
# and the renewal info; then the same artifacts signed in production, verified with the app's
# appAppleId (a production SignedDataVerifier needs it, and compares it with the app transaction's).
app = verifier.verify_and_decode_app_transaction((directory / "app.jws").read_text().strip())
check("SignedDataVerifier accepts the sandbox app transaction", app.bundleId == bundle_id and app.appAppleId is None, app.appAppleId)
check("the app transaction's originalPlatform is iOS", app.rawOriginalPlatform == "iOS", app.rawOriginalPlatform)
ids = {app.appTransactionId, transaction.appTransactionId, renewal.appTransactionId}
check("appTransactionId is one 18-digit id in the app transaction, transaction and renewal info",
      len(ids) == 1 and len(app.appTransactionId or "") == 18 and app.appTransactionId.isdigit(), ids)
check("the renewal transaction has RENEWAL, price and currency",
      transaction.rawTransactionReason == "RENEWAL" and transaction.price == 5990 and transaction.currency == "USD",
      f"{transaction.rawTransactionReason} {transaction.price} {transaction.currency}")
check("the renewal info has renewalPrice and currency", renewal.renewalPrice == 5990 and renewal.currency == "USD")
trial = verifier.verify_and_decode_signed_transaction((directory / "trial.jws").read_text().strip())
check("the trial transaction has FREE_TRIAL for P1W at price 0",
      trial.rawOfferDiscountType == "FREE_TRIAL" and trial.offerPeriod == "P1W" and trial.price == 0
      and trial.rawTransactionReason == "PURCHASE" and trial.appTransactionId == app.appTransactionId,
      f"{trial.rawOfferDiscountType} {trial.offerPeriod} {trial.price} {trial.rawTransactionReason}")
production = SignedDataVerifier([(directory / "root.der").read_bytes()], False, Environment.PRODUCTION, bundle_id, 1234567890)
production_app = production.verify_and_decode_app_transaction((directory / "production-app.jws").read_text().strip())
check("a production SignedDataVerifier with appAppleId 1234567890 accepts the production app transaction",
      production_app.appAppleId == 1234567890 and production_app.receiptType == Environment.PRODUCTION, production_app.appAppleId)
production_transaction = production.verify_and_decode_signed_transaction((directory / "production-transaction.jws").read_text().strip())
production_renewal = production.verify_and_decode_renewal_info((directory / "production-renewal.jws").read_text().strip())
check("it accepts the production transaction and renewal info, with the same appTransactionId",
      {production_app.appTransactionId, production_transaction.appTransactionId, production_renewal.appTransactionId} == ids
      and production_transaction.environment == Environment.PRODUCTION)
other = SignedDataVerifier([(directory / "root.der").read_bytes()], False, Environment.PRODUCTION, bundle_id, 1234567891)
try:
    other.verify_and_decode_app_transaction((directory / "production-app.jws").read_text().strip())
    check("a production SignedDataVerifier for another appAppleId rejects the app transaction", False)
except VerificationException as error:
    check("a production SignedDataVerifier for another appAppleId rejects the app transaction", True, str(error.status))
extracted = ReceiptUtility().extract_transaction_id_from_app_receipt((directory / "receipt.b64").read_text().strip())
check("ReceiptUtility extracts a transaction id from the receipt", extracted in {transaction_id, str(int(transaction_id) - 1)}, extracted)
sys.exit(1 if failures else 0)

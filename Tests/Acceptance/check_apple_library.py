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
extracted = ReceiptUtility().extract_transaction_id_from_app_receipt((directory / "receipt.b64").read_text().strip())
check("ReceiptUtility extracts a transaction id from the receipt", extracted in {transaction_id, str(int(transaction_id) - 1)}, extracted)
sys.exit(1 if failures else 0)

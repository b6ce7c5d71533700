"""Apple's App Store Server Library (Python) against `storebench serve`: its bearer token (ES256,
no `iat`) signed with a key from `api-key create` is accepted, and the error body is parsed (so the
content type is exactly application/json); the same key with another bundle id gets 401.

Usage: check_server_auth.py BASE_URL P8_FILE KEY_ID ISSUER_ID BUNDLE_ID TRANSACTION_ID
"""
import sys

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment

url, p8, key_id, issuer, bundle, transaction = sys.argv[1:7]
key = open(p8, "rb").read()


def status(bundle_id):
    """The HTTP status of Get Transaction Info, and the error code parsed from the body."""
    client = AppStoreServerAPIClient(key, key_id, issuer, bundle_id, Environment.SANDBOX)
    client._base_url = url
    try:
        client.get_transaction_info(transaction)
        return 200, None
    except APIException as error:
        return error.http_status_code, error.raw_api_error


accepted = status(bundle)
refused = status(bundle + ".other")
print(f"right bundle: {accepted}, wrong bundle: {refused}")
ok = accepted[0] != 401 and (accepted[0] == 200 or accepted[1] is not None) and refused == (401, None)
sys.exit(0 if ok else 1)

"""An OpenID Connect provider on 127.0.0.1 for the browser tests, strict as a real one: discovery,
a JWKS, a sign-in page at the authorization endpoint (the person presses "Continue"), a
single-use code bound to the redirect URI and the PKCE S256 challenge, and an ID token signed
with RS256 by a 2048-bit RSA key (Python's `cryptography`)."""

import base64
import hashlib
import html
import json
import secrets
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Provider:
    def __init__(self, client_id, subject="browser-subject", email="pat@example.org", username="pat"):
        self.client_id = client_id
        self.person = {"sub": subject, "email": email, "preferred_username": username}
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.kid = "browser-key-1"
        self.codes = {}
        self.lock = threading.Lock()
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def answer(self, status, body, kind="application/json", headers=()):
                data = body.encode() if isinstance(body, str) else body
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers:
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                url = urllib.parse.urlsplit(self.path)
                query = dict(urllib.parse.parse_qsl(url.query))
                if url.path == "/.well-known/openid-configuration":
                    self.answer(200, json.dumps(provider.discovery()))
                elif url.path == "/jwks":
                    self.answer(200, json.dumps(provider.jwks()))
                elif url.path == "/authorize":
                    ok = (query.get("response_type") == "code" and query.get("client_id") == provider.client_id
                          and query.get("code_challenge_method") == "S256" and len(query.get("code_challenge", "")) == 43
                          and query.get("state") and query.get("nonce") and query.get("redirect_uri"))
                    if not ok:
                        self.answer(400, "invalid authorization request", "text/plain")
                        return
                    approve = "/approve?" + urllib.parse.urlencode(query)
                    self.answer(200, "<!doctype html><title>Test provider</title><h1>Test provider</h1>"
                                f"<p>Sign in to {html.escape(query['client_id'])} as {html.escape(provider.person['email'])}?</p>"
                                f"<a id='continue' href='{html.escape(approve)}'>Continue</a>", "text/html")
                elif url.path == "/approve":
                    code = secrets.token_urlsafe(16)
                    with provider.lock:
                        provider.codes[code] = dict(query)
                    back = query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query["state"]})
                    self.answer(302, "", "text/plain", [("Location", back)])
                elif url.path == "/favicon.ico":
                    self.answer(204, b"", "image/x-icon")
                else:
                    self.answer(404, "not found", "text/plain")

            def do_POST(self):
                if urllib.parse.urlsplit(self.path).path != "/token":
                    self.answer(404, "not found", "text/plain")
                    return
                length = int(self.headers.get("Content-Length", "0"))
                form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
                with provider.lock:
                    asked = provider.codes.pop(form.get("code", ""), None)
                verifier = form.get("code_verifier", "")
                if (asked is None or form.get("grant_type") != "authorization_code"
                        or form.get("redirect_uri") != asked["redirect_uri"]
                        or b64url(hashlib.sha256(verifier.encode()).digest()) != asked["code_challenge"]):
                    self.answer(400, json.dumps({"error": "invalid_grant"}))
                    return
                token = provider.id_token(asked["nonce"])
                self.answer(200, json.dumps({"access_token": "opaque", "token_type": "Bearer", "id_token": token}))

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.issuer = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def discovery(self):
        return {
            "issuer": self.issuer, "authorization_endpoint": self.issuer + "/authorize",
            "token_endpoint": self.issuer + "/token", "jwks_uri": self.issuer + "/jwks",
            "response_types_supported": ["code"], "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"], "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none"],
        }

    def jwks(self):
        numbers = self.key.public_key().public_numbers()
        def raw(n):
            return b64url(n.to_bytes((n.bit_length() + 7) // 8, "big"))
        return {"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": self.kid, "n": raw(numbers.n), "e": raw(numbers.e)}]}

    def id_token(self, nonce):
        now = int(time.time())
        header = {"alg": "RS256", "kid": self.kid, "typ": "JWT"}
        claims = dict(self.person, iss=self.issuer, aud=self.client_id, iat=now, exp=now + 300, nonce=nonce)
        signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())
        signature = self.key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
        return signing_input + "." + b64url(signature)

    def close(self):
        self.server.shutdown()
        self.server.server_close()

#!/usr/bin/python3
# hostile-as.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A protected MCP server and its OAuth authorization server in one process, on
# 127.0.0.1 (port 0: the kernel picks), for end-to-end tests of sign-in
# (issue 11). It prints its base URL (`http://127.0.0.1:PORT`, no slash) as
# the first line on stdout and serves until killed. Python's standard library
# only.
#
#   hostile-as.py --mode MODE --log FILE [--client-id ID] [--client-secret SECRET]
#                 [--jwt-key PEM] [--expires-in SECONDS]
#
# Endpoints (every mode):
#   /mcp                       the MCP endpoint (Streamable HTTP, protocol 2025-11-25, JSON
#                              answers, no sessions; GET and DELETE are 405). Without a valid
#                              bearer token: 401 with `WWW-Authenticate: Bearer
#                              resource_metadata="BASE/.well-known/oauth-protected-resource/mcp",
#                              scope="mcp:tools"`. With one: initialize, tools/list (one tool,
#                              "whoami"), tools/call whoami (answers "signed in as CLIENT-ID");
#                              server/discover is -32601, so clients fall back to initialize.
#   /.well-known/oauth-protected-resource[/mcp]
#                              protected resource metadata (RFC 9728): resource BASE/mcp,
#                              authorization_servers [BASE], scopes_supported ["mcp:tools"]
#   /.well-known/oauth-authorization-server, /.well-known/openid-configuration
#                              authorization server metadata (RFC 8414): issuer BASE, S256,
#                              authorization_response_iss_parameter_supported, registration,
#                              client_secret_basic/post, none and private_key_jwt (ES256, RS256)
#   /authorize                 checks response_type=code, a known client_id, a loopback
#                              http redirect_uri (else 400 and no redirect: this server never
#                              sends a browser anywhere else), state, an S256
#                              code_challenge and resource = BASE/mcp; then 302 to
#                              redirect_uri?code=…&state=…&iss=BASE
#   /token                     authorization_code (PKCE verified, redirect_uri and resource
#                              must match), refresh_token, client_credentials (client_secret_basic,
#                              client_secret_post, or a private_key_jwt assertion whose shape and
#                              claims are checked, and whose signature is checked when --jwt-key
#                              names the key and python3-cryptography is installed); access
#                              tokens say expires_in SECONDS (--expires-in, default 3600: a
#                              short one makes clients refresh)
#   /register                  dynamic client registration (RFC 7591): 201 with a new client_id,
#                              and a client_secret unless token_endpoint_auth_method is "none"
#
# Secrets: everything this server issues (codes, access and refresh tokens, client secrets)
# contains "hostile-secret", so a test can grep any log for that one marker; the default
# --client-secret does too. Each issued value is also written to the log as
# {"issued": KIND, "value": VALUE}.
#
# Log (--log FILE): one JSON object per line, flushed at once, for every request on every
# listener: {"listener": "main"|"other", "method", "path" (with the query), "headers": [[name,
# value]…] as received, "body" (up to 64 KiB, as text)}; in "good" mode also
# {"authorization": VALUE} for every MCP request, so a test can list the Authorization headers
# the resource saw.
#
# Modes (--mode), one misbehaviour each, from issue 11:
#   good             everything correct: a client that signs in gets tools/list with its token
#   issuer-mismatch  the authorization server metadata says "issuer": "https://honest.example.test"
#                    (RFC 8414 §3.3: the client must not use it)
#   token-type-mac   the token response says "token_type": "MAC" (not Bearer), with a mac_key
#   wrong-state      /authorize redirects with a state other than the one it was given
#   error-redirect   /authorize redirects with error=access_denied, error_description and the
#                    right state and iss
#   huge-token       /token answers 10 MiB of JSON (an access_token of 10 MiB), Content-Length set
#   non-json-token   /token answers 200 text/html that is not JSON
#   endless-401      /mcp answers 401 (error="invalid_token") to every request, even with the token
#                    it issued; the log counts the attempts
#   http-authorize   the metadata's authorization_endpoint is http://auth.example.test/authorize:
#                    plain http on a host that is not loopback (the client must refuse it before
#                    opening any browser; nothing listens there)
#   other-host-token a second listener, "other", on 127.0.0.2 (another host as far as origins go,
#                    same machine) serves /mcp, which logs and answers 401. Once the client holds a
#                    token, the main /mcp answers every request that carries it with
#                    307 Temporary Redirect to http://127.0.0.2:PORT2/mcp, so a client that follows
#                    the redirect with its Authorization header hands the token to the other host:
#                    a test asserts no "other" log line carries it
#   resource-mismatch
#                    the protected resource metadata names http://127.0.0.2:PORT2/mcp (the other
#                    listener) as its resource: a token asked for with it would be meant for
#                    another host (RFC 9728 §3.3: the client must not use the metadata)
#   dpop             DPoP done right (RFC 9449): the metadata lists dpop_signing_alg_values_supported
#                    ["ES256"]; /token wants a valid proof (typ dpop+jwt, ES256, a public jwk,
#                    htm POST, htu BASE/token, a fresh iat and an unused jti; the signature checked
#                    when python3-cryptography is installed) and answers token_type "DPoP", the token
#                    bound to the proof's key; /mcp wants "Authorization: DPoP TOKEN" with a proof
#                    for that key (htm, htu BASE/mcp, ath, an unused jti), else 401 with
#                    `WWW-Authenticate: DPoP error="invalid_dpop_proof", error_description=…`;
#                    without a token its challenge is a DPoP one (resource_metadata, scope, algs)
#   dpop-as-nonce-loop
#                    as dpop, but /token answers every valid proof 400 use_dpop_nonce with a new
#                    DPoP-Nonce each time, whatever nonce the proof carries
#   dpop-rs-nonce-loop
#                    as dpop, but /mcp answers every valid proof 401 `DPoP error="use_dpop_nonce"`
#                    with a new DPoP-Nonce each time
#   dpop-replay      as dpop, but /mcp answers every valid proof as a replayed one: 401 `DPoP
#                    error="invalid_dpop_proof", error_description="DPoP proof replayed (its jti
#                    was already used)"`
#   jwt-bearer       the metadata also lists urn:ietf:params:oauth:grant-type:jwt-bearer, and /token
#                    takes an RFC 7523 assertion (aud BASE or BASE/, not expired, a sub; the
#                    signature is not checked) with or without client credentials: the token names
#                    the assertion's sub as its client
#   idp-error        as jwt-bearer, plus an identity provider's token endpoint at /idp/token that
#                    refuses every token exchange: 400 invalid_grant "The ID token has expired"

import argparse
import base64
import hashlib
import http.server
import json
import secrets
import socketserver
import sys
import threading
import time
import urllib.parse

MODES = [
    'good', 'issuer-mismatch', 'token-type-mac', 'wrong-state', 'error-redirect', 'huge-token',
    'non-json-token', 'endless-401', 'http-authorize', 'other-host-token', 'resource-mismatch',
    'dpop', 'dpop-as-nonce-loop', 'dpop-rs-nonce-loop', 'dpop-replay', 'jwt-bearer', 'idp-error',
]
SCOPE = 'mcp:tools'
MAX_BODY = 1024 * 1024
LOG_BODY = 64 * 1024
HUGE = 10 * 1024 * 1024
JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
DPOP_REPLAYED = 'DPoP proof replayed (its jti was already used)'
LOOPBACK_HOSTS = ('127.0.0.1', 'localhost', '[::1]', '::1')


class State:
    def __init__(self, args):
        self.mode = args.mode
        self.log_file = open(args.log, 'a', encoding='utf-8')
        self.lock = threading.Lock()
        self.base = None
        self.other = None
        self.clients = {args.client_id: {'secret': args.client_secret, 'redirect_uris': None}}
        self.codes = {}
        self.access_tokens = {}
        self.refresh_tokens = {}
        self.jwt_key = load_jwt_key(args.jwt_key) if args.jwt_key else None
        self.expires_in = args.expires_in
        self.bound = {}   # access token -> the jkt of its DPoP key
        self.jtis = set()

    @property
    def dpop(self):
        return self.mode.startswith('dpop')

    def log(self, entry):
        with self.lock:
            self.log_file.write(json.dumps(entry, ensure_ascii=False) + '\n')
            self.log_file.flush()

    def issue(self, kind):
        value = 'hostile-secret-%s-%s' % (kind.replace('_', '-'), secrets.token_urlsafe(16))
        self.log({'issued': kind, 'value': value})
        return value

    @property
    def resource(self):
        return self.base + '/mcp'


def load_jwt_key(path):
    try:
        from cryptography.hazmat.primitives import serialization
    except ImportError:
        print('hostile-as: python3-cryptography is missing: assertion signatures go unchecked',
              file=sys.stderr)
        return None
    with open(path, 'rb') as f:
        data = f.read()
    if b'PRIVATE KEY' in data:
        return serialization.load_pem_private_key(data, password=None).public_key()
    return serialization.load_pem_public_key(data)


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))


def s256(verifier):
    digest = hashlib.sha256(verifier.encode('ascii')).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b'=').decode('ascii')


def is_loopback_redirect(uri):
    try:
        parts = urllib.parse.urlsplit(uri)
    except ValueError:
        return False
    return parts.scheme == 'http' and parts.hostname in LOOPBACK_HOSTS and not parts.username


def verify_signature(key, alg, signing_input, signature):
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec, padding, utils
    try:
        if alg == 'ES256':
            if len(signature) != 64:
                return False
            der = utils.encode_dss_signature(int.from_bytes(signature[:32], 'big'),
                                             int.from_bytes(signature[32:], 'big'))
            key.verify(der, signing_input, ec.ECDSA(hashes.SHA256()))
        else:
            key.verify(signature, signing_input, padding.PKCS1v15(), hashes.SHA256())
        return True
    except (InvalidSignature, ValueError, TypeError):
        return False


def jwk_thumbprint(jwk):
    """RFC 7638 for an EC key."""
    text = json.dumps({k: jwk[k] for k in ('crv', 'kty', 'x', 'y')}, separators=(',', ':'),
                      sort_keys=True)
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b'=').decode()


def verify_jwk_signature(jwk, signing_input, signature):
    try:
        from cryptography.hazmat.primitives.asymmetric import ec
    except ImportError:
        return True
    numbers = ec.EllipticCurvePublicNumbers(int.from_bytes(b64url_decode(jwk['x']), 'big'),
                                            int.from_bytes(b64url_decode(jwk['y']), 'big'),
                                            ec.SECP256R1())
    return verify_signature(numbers.public_key(), 'ES256', signing_input, signature)


def check_proof(state, proof, htm, htu, token=None):
    """The jkt of a DPoP proof (RFC 9449 §4.3) for HTM HTU (and TOKEN), or
    raises ValueError with the reason."""
    parts = (proof or '').split('.')
    if len(parts) != 3 or ',' in proof:
        raise ValueError('no DPoP proof, or not one compact JWS')
    header = json.loads(b64url_decode(parts[0]))
    claims = json.loads(b64url_decode(parts[1]))
    jwk = header.get('jwk') or {}
    if header.get('typ') != 'dpop+jwt' or header.get('alg') != 'ES256':
        raise ValueError('typ must be dpop+jwt and alg ES256')
    if jwk.get('kty') != 'EC' or jwk.get('crv') != 'P-256' or 'd' in jwk:
        raise ValueError('jwk must be a public P-256 key')
    signing_input = ('%s.%s' % (parts[0], parts[1])).encode('ascii')
    if not verify_jwk_signature(jwk, signing_input, b64url_decode(parts[2])):
        raise ValueError('bad signature')
    if claims.get('htm') != htm or claims.get('htu') != htu:
        raise ValueError('htm or htu does not match the request')
    if not isinstance(claims.get('iat'), int) or abs(claims['iat'] - time.time()) > 300:
        raise ValueError('iat is not fresh')
    if token is not None and claims.get('ath') != s256(token):
        raise ValueError('ath does not match the token')
    with state.lock:
        if not claims.get('jti') or claims['jti'] in state.jtis:
            raise ValueError(DPOP_REPLAYED)
        state.jtis.add(claims['jti'])
    return jwk_thumbprint(jwk)


def check_bearer_assertion(state, assertion):
    """The sub of an RFC 7523 authorization grant, or raises ValueError."""
    parts = assertion.split('.')
    if len(parts) != 3:
        raise ValueError('the assertion is not a compact JWS')
    claims = json.loads(b64url_decode(parts[1]))
    if claims.get('aud') not in (state.base, state.base + '/'):
        raise ValueError('the assertion is for %r' % claims.get('aud'))
    if not isinstance(claims.get('exp'), int) or claims['exp'] < time.time() or not claims.get('sub'):
        raise ValueError('expired, or no sub')
    return claims['sub']


def check_assertion(state, assertion, client_id):
    """The client that signed a private_key_jwt assertion (RFC 7523 §3), or
    raises ValueError with the reason."""
    parts = assertion.split('.')
    if len(parts) != 3:
        raise ValueError('the assertion is not a compact JWS')
    header = json.loads(b64url_decode(parts[0]))
    claims = json.loads(b64url_decode(parts[1]))
    if header.get('alg') not in ('ES256', 'RS256'):
        raise ValueError('alg %r' % header.get('alg'))
    iss, sub = claims.get('iss'), claims.get('sub')
    if not iss or iss != sub or (client_id and client_id != iss):
        raise ValueError('iss and sub must both be the client id')
    if claims.get('aud') not in (state.base, state.base + '/token'):
        raise ValueError('aud %r is neither the issuer nor the token endpoint' % claims.get('aud'))
    now = time.time()
    if not isinstance(claims.get('exp'), int) or claims['exp'] < now:
        raise ValueError('expired or no exp')
    if not claims.get('jti'):
        raise ValueError('no jti')
    if state.jwt_key is not None:
        signing_input = ('%s.%s' % (parts[0], parts[1])).encode('ascii')
        if not verify_signature(state.jwt_key, header['alg'], signing_input, b64url_decode(parts[2])):
            raise ValueError('bad signature')
    return iss


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    server_version = 'hostile-as'
    listener = 'main'

    def log_message(self, format, *args):
        pass

    # Plumbing

    def read_body(self):
        length = self.headers.get('Content-Length')
        try:
            length = int(length) if length is not None else 0
        except ValueError:
            length = 0
        body = self.rfile.read(min(length, MAX_BODY)) if length > 0 else b''
        self.state.log({
            'listener': self.listener,
            'method': self.command,
            'path': self.path,
            'headers': [[k, v] for k, v in self.headers.items()],
            'body': body[:LOG_BODY].decode('utf-8', 'replace'),
        })
        return body

    def send(self, status, body=b'', content_type='application/json', headers=()):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode('utf-8')
        elif isinstance(body, str):
            body = body.encode('utf-8')
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if body or status not in (202, 204, 302, 307):
            self.send_header('Content-Type', content_type)
        self.send_header('Content-Length', str(len(body)))
        self.send_header('Cache-Control', 'no-store')
        self.end_headers()
        self.wfile.write(body)

    def oauth_error(self, status, error, description):
        self.send(status, {'error': error, 'error_description': description})

    def form(self, body):
        try:
            pairs = urllib.parse.parse_qsl(body.decode('utf-8'), keep_blank_values=True,
                                           strict_parsing=False)
        except UnicodeDecodeError:
            return {}
        return dict(pairs)

    # Dispatch

    def do_GET(self):
        self.read_body()
        self.route('GET')

    def do_POST(self):
        self.route('POST', self.read_body())

    def do_DELETE(self):
        self.read_body()
        self.route('DELETE')

    def route(self, method, body=b''):
        path = urllib.parse.urlsplit(self.path).path
        if self.listener == 'other':
            return self.unauthorized(self.state.other + '/.well-known/oauth-protected-resource/mcp')
        routes = {
            '/mcp': self.mcp,
            '/.well-known/oauth-protected-resource/mcp': self.protected_resource,
            '/.well-known/oauth-protected-resource': self.protected_resource,
            '/.well-known/oauth-authorization-server': self.as_metadata,
            '/.well-known/openid-configuration': self.as_metadata,
            '/authorize': self.authorize,
            '/token': self.token,
            '/register': self.register,
            '/idp/token': self.idp_token,
        }
        handler = routes.get(path)
        if handler is None:
            return self.send(404, {'error': 'not_found'})
        handler(method, body)

    # Discovery

    def protected_resource(self, method, body):
        state = self.state
        resource = state.resource
        if state.mode == 'resource-mismatch':
            resource = state.other + '/mcp'
        self.send(200, {
            'resource': resource,
            'authorization_servers': [state.base],
            'scopes_supported': [SCOPE],
            'bearer_methods_supported': ['header'],
        })

    def as_metadata(self, method, body):
        state = self.state
        base = state.base
        metadata = {
            'issuer': base,
            'authorization_endpoint': base + '/authorize',
            'token_endpoint': base + '/token',
            'registration_endpoint': base + '/register',
            'scopes_supported': [SCOPE, 'offline_access'],
            'response_types_supported': ['code'],
            'grant_types_supported': ['authorization_code', 'refresh_token', 'client_credentials'],
            'code_challenge_methods_supported': ['S256'],
            'token_endpoint_auth_methods_supported': ['client_secret_basic', 'client_secret_post',
                                                      'none', 'private_key_jwt'],
            'token_endpoint_auth_signing_alg_values_supported': ['ES256', 'RS256'],
            'authorization_response_iss_parameter_supported': True,
        }
        if state.mode == 'issuer-mismatch':
            metadata['issuer'] = 'https://honest.example.test'
        if state.mode == 'http-authorize':
            metadata['authorization_endpoint'] = 'http://auth.example.test/authorize'
        if state.dpop:
            metadata['dpop_signing_alg_values_supported'] = ['ES256']
        if state.mode in ('jwt-bearer', 'idp-error'):
            metadata['grant_types_supported'].append(JWT_BEARER_GRANT)
        self.send(200, metadata)

    def idp_token(self, method, body):
        if self.state.mode != 'idp-error':
            return self.send(404, {'error': 'not_found'})
        self.oauth_error(400, 'invalid_grant', 'The ID token has expired')

    # Registration and the authorization code flow

    def register(self, method, body):
        if method != 'POST':
            return self.send(405, headers=[('Allow', 'POST')])
        try:
            request = json.loads(body)
            uris = request['redirect_uris']
            assert isinstance(uris, list) and uris and all(is_loopback_redirect(u) for u in uris)
        except (ValueError, KeyError, TypeError, AssertionError):
            return self.oauth_error(400, 'invalid_redirect_uri',
                                    'redirect_uris must be loopback http URIs')
        state = self.state
        client_id = 'hostile-client-' + secrets.token_hex(4)
        auth_method = request.get('token_endpoint_auth_method', 'client_secret_basic')
        secret = None if auth_method == 'none' else state.issue('client_secret')
        state.clients[client_id] = {'secret': secret, 'redirect_uris': uris}
        answer = dict(request, client_id=client_id, client_id_issued_at=int(time.time()),
                      token_endpoint_auth_method=auth_method)
        if secret:
            answer['client_secret'] = secret
            answer['client_secret_expires_at'] = 0
        self.send(201, answer)

    def authorize(self, method, body):
        state = self.state
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
        redirect_uri = query.get('redirect_uri', '')
        client = state.clients.get(query.get('client_id'))
        problem = None
        if client is None:
            problem = 'unknown client_id'
        elif not is_loopback_redirect(redirect_uri):
            problem = 'redirect_uri must be a loopback http URI'
        elif client['redirect_uris'] is not None and redirect_uri not in client['redirect_uris']:
            problem = 'redirect_uri was not registered'
        if problem:
            return self.send(400, problem + '\n', 'text/plain; charset=utf-8')

        given_state = query.get('state', '')
        if query.get('response_type') != 'code':
            params = {'error': 'unsupported_response_type'}
        elif query.get('code_challenge_method') != 'S256' or not query.get('code_challenge'):
            params = {'error': 'invalid_request', 'error_description': 'PKCE S256 is required'}
        elif query.get('resource') != state.resource:
            params = {'error': 'invalid_target', 'error_description': 'resource must be ' + state.resource}
        elif not given_state:
            params = {'error': 'invalid_request', 'error_description': 'state is required'}
        elif state.mode == 'error-redirect':
            params = {'error': 'access_denied', 'error_description': 'The user said no'}
        else:
            code = state.issue('code')
            state.codes[code] = {
                'client_id': query['client_id'],
                'redirect_uri': redirect_uri,
                'challenge': query['code_challenge'],
                'scope': query.get('scope', ''),
            }
            params = {'code': code}
        params['state'] = given_state + '-forged' if state.mode == 'wrong-state' else given_state
        params['iss'] = state.base
        separator = '&' if urllib.parse.urlsplit(redirect_uri).query else '?'
        location = redirect_uri + separator + urllib.parse.urlencode(params)
        self.send(302, headers=[('Location', location)])

    def client_from_request(self, form):
        """The authenticated client id, or None (and the reason)."""
        state = self.state
        header = self.headers.get('Authorization', '')
        if header.startswith('Basic '):
            try:
                decoded = base64.b64decode(header[6:], validate=True).decode('utf-8')
                client_id, secret = (urllib.parse.unquote_plus(p) for p in decoded.split(':', 1))
            except ValueError:
                return None, 'malformed Basic credentials'
        elif form.get('client_assertion_type') == JWT_BEARER:
            try:
                client_id = check_assertion(state, form.get('client_assertion', ''),
                                            form.get('client_id'))
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                return None, 'client assertion refused: %s' % e
            return (client_id, None) if client_id in state.clients else (None, 'unknown client')
        else:
            client_id, secret = form.get('client_id'), form.get('client_secret')
        client = state.clients.get(client_id)
        if client is None:
            return None, 'unknown client'
        if client['secret'] is not None and client['secret'] != secret:
            return None, 'wrong client secret'
        return client_id, None

    def token(self, method, body):
        if method != 'POST':
            return self.send(405, headers=[('Allow', 'POST')])
        state = self.state
        form = self.form(body)
        grant = form.get('grant_type')
        jkt = None
        if state.dpop:
            try:
                jkt = check_proof(state, self.headers.get('DPoP'), 'POST', state.base + '/token')
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                return self.oauth_error(400, 'invalid_dpop_proof', str(e))
            if state.mode == 'dpop-as-nonce-loop':
                return self.send(400, {'error': 'use_dpop_nonce', 'error_description': 'Use a nonce'},
                                 headers=[('DPoP-Nonce', 'as-nonce-' + secrets.token_hex(8))])
        if grant == JWT_BEARER_GRANT and state.mode in ('jwt-bearer', 'idp-error'):
            return self.bearer_assertion(form)
        client_id, problem = self.client_from_request(form)
        if client_id is None:
            return self.oauth_error(401, 'invalid_client', problem)
        scope = form.get('scope', SCOPE)
        if grant == 'authorization_code':
            grant_info = state.codes.pop(form.get('code', ''), None)
            if (grant_info is None or grant_info['client_id'] != client_id or
                    grant_info['redirect_uri'] != form.get('redirect_uri') or
                    s256(form.get('code_verifier', '')) != grant_info['challenge']):
                return self.oauth_error(400, 'invalid_grant', 'code, redirect_uri or code_verifier')
            scope = grant_info['scope'] or SCOPE
        elif grant == 'refresh_token':
            if state.refresh_tokens.get(form.get('refresh_token', '')) != client_id:
                return self.oauth_error(400, 'invalid_grant', 'unknown refresh token')
        elif grant != 'client_credentials':
            return self.oauth_error(400, 'unsupported_grant_type', str(grant))
        if form.get('resource') != state.resource:
            return self.oauth_error(400, 'invalid_target', 'resource must be ' + state.resource)
        self.answer_token(client_id, scope, grant, jkt)

    def bearer_assertion(self, form):
        try:
            subject = check_bearer_assertion(self.state, form.get('assertion', ''))
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            return self.oauth_error(400, 'invalid_grant', str(e))
        self.answer_token(subject, form.get('scope', SCOPE), JWT_BEARER_GRANT)

    def answer_token(self, client_id, scope, grant, jkt=None):
        state = self.state
        if state.mode == 'non-json-token':
            return self.send(200, '<html><body>Welcome back!</body></html>', 'text/html')
        if state.mode == 'huge-token':
            return self.send_huge_token()
        access = state.issue('access_token')
        state.access_tokens[access] = client_id
        answer = {'access_token': access, 'token_type': 'Bearer', 'expires_in': state.expires_in,
                  'scope': scope}
        if grant != 'client_credentials':
            refresh = state.issue('refresh_token')
            state.refresh_tokens[refresh] = client_id
            answer['refresh_token'] = refresh
        if jkt is not None:
            state.bound[access] = jkt
            answer['token_type'] = 'DPoP'
        if state.mode == 'token-type-mac':
            answer['token_type'] = 'MAC'
            answer['mac_key'] = state.issue('mac_key')
            answer['mac_algorithm'] = 'hmac-sha-256'
        self.send(200, answer)

    def send_huge_token(self):
        head = b'{"token_type":"Bearer","expires_in":3600,"access_token":"hostile-secret-'
        tail = b'"}'
        filler = HUGE - len(head) - len(tail)
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(HUGE))
        self.end_headers()
        try:
            self.wfile.write(head)
            chunk = b'A' * 65536
            while filler > 0:
                self.wfile.write(chunk[:filler])
                filler -= len(chunk)
            self.wfile.write(tail)
        except (BrokenPipeError, ConnectionResetError):
            pass

    # The MCP endpoint

    def unauthorized(self, metadata_url, error=None):
        challenge = 'Bearer resource_metadata="%s", scope="%s"' % (metadata_url, SCOPE)
        if error:
            challenge += ', error="%s"' % error
        self.send(401, {'error': 'unauthorized'}, headers=[('WWW-Authenticate', challenge)])

    def dpop_refusal(self, error, description=None, nonce=None):
        metadata_url = self.state.base + '/.well-known/oauth-protected-resource/mcp'
        challenge = 'DPoP resource_metadata="%s", error="%s"' % (metadata_url, error)
        if description:
            challenge += ', error_description="%s"' % description
        headers = [('WWW-Authenticate', challenge)]
        if nonce:
            headers.append(('DPoP-Nonce', nonce))
        self.send(401, {'error': error}, headers=headers)

    def dpop_mcp(self, method, body):
        state = self.state
        header = self.headers.get('Authorization') or ''
        state.log({'authorization': header or None})
        token = header[5:] if header.startswith('DPoP ') else None
        if token is None or token not in state.bound:
            metadata_url = state.base + '/.well-known/oauth-protected-resource/mcp'
            challenge = 'DPoP resource_metadata="%s", scope="%s", algs="ES256"' % (metadata_url, SCOPE)
            return self.send(401, {'error': 'unauthorized'}, headers=[('WWW-Authenticate', challenge)])
        try:
            jkt = check_proof(state, self.headers.get('DPoP'), method, state.resource, token)
            if jkt != state.bound[token]:
                raise ValueError('the proof is not made with the key the token is bound to')
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            return self.dpop_refusal('invalid_dpop_proof', str(e))
        if state.mode == 'dpop-rs-nonce-loop':
            return self.dpop_refusal('use_dpop_nonce', nonce='rs-nonce-' + secrets.token_hex(8))
        if state.mode == 'dpop-replay':
            return self.dpop_refusal('invalid_dpop_proof', DPOP_REPLAYED)
        if method != 'POST':
            return self.send(405, headers=[('Allow', 'POST')])
        self.json_rpc(body, state.access_tokens[token])

    def mcp(self, method, body):
        state = self.state
        if state.dpop:
            return self.dpop_mcp(method, body)
        header = self.headers.get('Authorization')
        if state.mode == 'good':
            state.log({'authorization': header})
        token = header[7:] if header and header.startswith('Bearer ') else None
        metadata_url = state.base + '/.well-known/oauth-protected-resource/mcp'
        if token is None or token not in state.access_tokens:
            return self.unauthorized(metadata_url, 'invalid_token' if token else None)
        if state.mode == 'endless-401':
            return self.unauthorized(metadata_url, 'invalid_token')
        if state.mode == 'other-host-token':
            return self.send(307, headers=[('Location', state.other + '/mcp')])
        if method != 'POST':
            return self.send(405, headers=[('Allow', 'POST')])
        self.json_rpc(body, state.access_tokens[token])

    def json_rpc(self, body, client_id):
        try:
            message = json.loads(body)
            assert isinstance(message, dict)
        except (ValueError, AssertionError):
            return self.send(400, {'jsonrpc': '2.0', 'id': None,
                                   'error': {'code': -32700, 'message': 'Parse error'}})
        if 'id' not in message:
            return self.send(202)
        method = message.get('method')
        params = message.get('params') or {}
        if method == 'initialize':
            result = {'protocolVersion': '2025-11-25', 'capabilities': {'tools': {}},
                      'serverInfo': {'name': 'hostile-as', 'version': '1.0'}}
        elif method == 'ping':
            result = {}
        elif method == 'tools/list':
            result = {'tools': [{'name': 'whoami', 'description': 'Names the signed-in client',
                                 'inputSchema': {'type': 'object'}}]}
        elif method == 'tools/call' and params.get('name') == 'whoami':
            result = {'content': [{'type': 'text', 'text': 'signed in as ' + client_id}]}
        else:
            return self.send(200, {'jsonrpc': '2.0', 'id': message['id'],
                                   'error': {'code': -32601, 'message': 'Method not found'}})
        self.send(200, {'jsonrpc': '2.0', 'id': message['id'], 'result': result})


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = False


def serve(state, host, listener):
    handler = type('BoundHandler', (Handler,), {'state': state, 'listener': listener})
    server = Server((host, 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return 'http://%s:%d' % (host, server.server_address[1])


def main():
    parser = argparse.ArgumentParser(description='A hostile OAuth authorization server for tests')
    parser.add_argument('--mode', choices=MODES, default='good')
    parser.add_argument('--log', required=True, help='where every request is logged (JSON lines)')
    parser.add_argument('--client-id', default='hostile-preregistered',
                        help='a pre-registered client (for client credentials)')
    parser.add_argument('--client-secret', default='hostile-secret-preregistered')
    parser.add_argument('--jwt-key', help='PEM key that verifies client assertions')
    parser.add_argument('--expires-in', type=int, default=3600,
                        help='the lifetime of access tokens, in seconds')
    args = parser.parse_args()

    state = State(args)
    state.base = serve(state, '127.0.0.1', 'main')
    if args.mode in ('other-host-token', 'resource-mismatch'):
        state.other = serve(state, '127.0.0.2', 'other')
    print(state.base, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()

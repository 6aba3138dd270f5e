#!/usr/bin/python3
# test-hostile-as.py: the hostile authorization server (hostile-as.py) does
# what its header promises, mode by mode, so the sign-in tests built on it
# test Elicit and not a broken fixture. A plain OAuth client in Python
# (urllib) plays the part Elicit will play.
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import base64
import hashlib
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

try:
    import cryptography  # noqa: F401  (DPoP proofs are signed with it)
    HAVE_CRYPTOGRAPHY = True
except ImportError:
    HAVE_CRYPTOGRAPHY = False

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, 'hostile-as.py')
REDIRECT = 'http://127.0.0.1:9/callback'


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


opener = urllib.request.build_opener(NoRedirect)


def request(url, data=None, headers=None, method=None):
    """(status, headers, body bytes); never follows redirects."""
    if isinstance(data, dict):
        data = urllib.parse.urlencode(data).encode()
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with opener.open(req, timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


class Fixture:
    def __init__(self, mode, *extra):
        self.dir = tempfile.TemporaryDirectory()
        self.log_path = os.path.join(self.dir.name, 'requests.log')
        self.proc = subprocess.Popen([sys.executable, SERVER, '--mode', mode, '--log', self.log_path,
                                      *extra], stdout=subprocess.PIPE, text=True)
        self.base = self.proc.stdout.readline().strip()
        assert self.base.startswith('http://127.0.0.1:'), self.base

    def close(self):
        self.proc.terminate()
        self.proc.wait()
        self.dir.cleanup()

    def log(self):
        with open(self.log_path, encoding='utf-8') as f:
            return [json.loads(line) for line in f]

    def metadata(self):
        status, _, body = request(self.base + '/.well-known/oauth-authorization-server')
        assert status == 200
        return json.loads(body)

    def register(self):
        status, _, body = request(self.base + '/register', json.dumps({
            'redirect_uris': [REDIRECT], 'client_name': 'test', 'application_type': 'native',
            'token_endpoint_auth_method': 'none'}).encode(), {'Content-Type': 'application/json'})
        assert status == 201, body
        return json.loads(body)['client_id']

    def authorize(self, client_id, verifier, state='s-123'):
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b'=')
        query = urllib.parse.urlencode({
            'response_type': 'code', 'client_id': client_id, 'redirect_uri': REDIRECT,
            'state': state, 'code_challenge': challenge.decode(), 'code_challenge_method': 'S256',
            'resource': self.base + '/mcp', 'scope': 'mcp:tools'})
        status, headers, _ = request(self.base + '/authorize?' + query)
        assert status == 302, status
        location = headers['Location']
        assert location.startswith(REDIRECT + '?'), location
        return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))

    def token(self, client_id, code, verifier):
        return request(self.base + '/token', {
            'grant_type': 'authorization_code', 'code': code, 'code_verifier': verifier,
            'redirect_uri': REDIRECT, 'client_id': client_id, 'resource': self.base + '/mcp'})

    def sign_in(self):
        client_id = self.register()
        verifier = secrets.token_urlsafe(40)
        params = self.authorize(client_id, verifier)
        status, _, body = self.token(client_id, params['code'], verifier)
        assert status == 200, body
        self.client_id = client_id
        return json.loads(body)

    def mcp(self, token, method='tools/list'):
        headers = {'Content-Type': 'application/json', 'Accept': 'application/json, text/event-stream'}
        if token:
            headers['Authorization'] = 'Bearer ' + token
        return request(self.base + '/mcp', json.dumps(
            {'jsonrpc': '2.0', 'id': 1, 'method': method, 'params': {}}).encode(), headers)


def test_good(f):
    status, headers, _ = f.mcp(None)
    assert status == 401
    challenge = headers['WWW-Authenticate']
    assert challenge == ('Bearer resource_metadata="%s/.well-known/oauth-protected-resource/mcp", '
                         'scope="mcp:tools"' % f.base), challenge
    status, _, body = request(f.base + '/.well-known/oauth-protected-resource/mcp')
    prm = json.loads(body)
    assert prm['resource'] == f.base + '/mcp' and prm['authorization_servers'] == [f.base]
    assert f.metadata()['issuer'] == f.base

    answer = f.sign_in()
    assert answer['token_type'] == 'Bearer' and 'hostile-secret' in answer['access_token']
    status, _, body = f.mcp(answer['access_token'])
    assert status == 200 and json.loads(body)['result']['tools'][0]['name'] == 'whoami', body
    seen = [e['authorization'] for e in f.log() if 'authorization' in e]
    assert seen == [None, 'Bearer ' + answer['access_token']], seen

    # Refresh, then the refreshed token works.
    status, _, body = request(f.base + '/token', {
        'grant_type': 'refresh_token', 'refresh_token': answer['refresh_token'],
        'client_id': f.client_id, 'resource': f.base + '/mcp'})
    assert status == 200, body
    refreshed = json.loads(body)['access_token']
    assert f.mcp(refreshed)[0] == 200
    issued = [e['value'] for e in f.log() if e.get('issued') == 'access_token']
    assert issued == [answer['access_token'], refreshed]


def test_good_rejects_bad_pkce_and_foreign_redirects(f):
    client_id = f.register()
    params = f.authorize(client_id, 'right-verifier-' + 'x' * 40)
    status, _, body = f.token(client_id, params['code'], 'wrong-verifier-' + 'x' * 40)
    assert status == 400 and json.loads(body)['error'] == 'invalid_grant'
    query = urllib.parse.urlencode({'response_type': 'code', 'client_id': client_id,
                                    'redirect_uri': 'https://evil.example/cb', 'state': 's'})
    status, headers, _ = request(f.base + '/authorize?' + query)
    assert status == 400 and 'Location' not in headers


def test_client_credentials(f):
    token_url = f.base + '/token'
    basic = base64.b64encode(b'hostile-preregistered:hostile-secret-preregistered').decode()
    status, _, body = request(token_url, {'grant_type': 'client_credentials',
                                          'resource': f.base + '/mcp'},
                              {'Authorization': 'Basic ' + basic})
    assert status == 200, body
    assert 'refresh_token' not in json.loads(body)
    status, _, body = request(token_url, {'grant_type': 'client_credentials',
                                          'client_id': 'hostile-preregistered',
                                          'client_secret': 'wrong',
                                          'resource': f.base + '/mcp'})
    assert status == 401 and json.loads(body)['error'] == 'invalid_client'


def test_jwt_assertion(f):
    signer = os.environ.get('ELICIT_AUTH_JWT_SIGN')
    key = os.path.join(HERE, 'fixtures', 'auth', 'test-only-p256-pkcs8.pem')
    assertion = subprocess.run([signer, key, 'hostile-preregistered', f.base + '/token'],
                               check=True, capture_output=True, text=True).stdout.strip()
    form = {'grant_type': 'client_credentials', 'resource': f.base + '/mcp',
            'client_assertion_type': 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            'client_assertion': assertion}
    status, _, body = request(f.base + '/token', form)
    assert status == 200, body
    h, p, s = assertion.split('.')
    form['client_assertion'] = '.'.join([h, p, s[:-4] + ('AAAA' if s[-4:] != 'AAAA' else 'BBBB')])
    status, _, body = request(f.base + '/token', form)
    assert status == 401 and 'signature' in json.loads(body)['error_description'], body


def test_issuer_mismatch(f):
    assert f.metadata()['issuer'] == 'https://honest.example.test'


def test_token_type_mac(f):
    assert f.sign_in()['token_type'] == 'MAC'


def test_wrong_state(f):
    params = f.authorize(f.register(), 'v' * 43, state='mine')
    assert params['state'] == 'mine-forged' and 'code' in params


def test_error_redirect(f):
    params = f.authorize(f.register(), 'v' * 43, state='mine')
    assert params == {'error': 'access_denied', 'error_description': 'The user said no',
                      'state': 'mine', 'iss': f.base}, params


def test_huge_token(f):
    client_id = f.register()
    params = f.authorize(client_id, 'v' * 43)
    status, headers, body = f.token(client_id, params['code'], 'v' * 43)
    assert status == 200 and len(body) == 10 * 1024 * 1024 and int(headers['Content-Length']) == len(body)
    assert json.loads(body)['access_token'].startswith('hostile-secret-')


def test_non_json_token(f):
    client_id = f.register()
    params = f.authorize(client_id, 'v' * 43)
    status, headers, body = f.token(client_id, params['code'], 'v' * 43)
    assert status == 200 and headers['Content-Type'] == 'text/html'
    try:
        json.loads(body)
    except ValueError:
        return
    raise AssertionError('the token response parsed as JSON')


# DPoP, as a plain Python client does it (python3-cryptography) ----------------

def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b'=').decode()


def b64url_json(value):
    return b64url(json.dumps(value, separators=(',', ':')).encode())


class DpopKey:
    def __init__(self):
        from cryptography.hazmat.primitives.asymmetric import ec
        self.key = ec.generate_private_key(ec.SECP256R1())
        numbers = self.key.public_key().public_numbers()
        self.jwk = {'kty': 'EC', 'crv': 'P-256', 'x': b64url(numbers.x.to_bytes(32, 'big')),
                    'y': b64url(numbers.y.to_bytes(32, 'big'))}

    def proof(self, htm, htu, token=None, nonce=None):
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec, utils
        claims = {'jti': secrets.token_urlsafe(16), 'htm': htm, 'htu': htu, 'iat': int(time.time())}
        if token:
            claims['ath'] = b64url(hashlib.sha256(token.encode()).digest())
        if nonce:
            claims['nonce'] = nonce
        signing_input = b64url_json({'typ': 'dpop+jwt', 'alg': 'ES256', 'jwk': self.jwk}) + '.' + \
            b64url_json(claims)
        r, s = utils.decode_dss_signature(self.key.sign(signing_input.encode(),
                                                        ec.ECDSA(hashes.SHA256())))
        return signing_input + '.' + b64url(r.to_bytes(32, 'big') + s.to_bytes(32, 'big'))


def dpop_token_request(f, key, nonce=None):
    client_id = f.register()
    verifier = secrets.token_urlsafe(40)
    params = f.authorize(client_id, verifier)
    return request(f.base + '/token', {
        'grant_type': 'authorization_code', 'code': params['code'], 'code_verifier': verifier,
        'redirect_uri': REDIRECT, 'client_id': client_id, 'resource': f.base + '/mcp'},
        {'DPoP': key.proof('POST', f.base + '/token', nonce=nonce)})


def dpop_mcp(f, token, proof):
    return request(f.base + '/mcp', json.dumps(
        {'jsonrpc': '2.0', 'id': 1, 'method': 'tools/list', 'params': {}}).encode(),
        {'Content-Type': 'application/json', 'Accept': 'application/json, text/event-stream',
         'Authorization': 'DPoP ' + token, 'DPoP': proof})


def dpop_sign_in(f, key):
    status, _, body = dpop_token_request(f, key)
    assert status == 200, body
    answer = json.loads(body)
    assert answer['token_type'] == 'DPoP', answer
    return answer['access_token']


def test_dpop(f):
    assert f.metadata()['dpop_signing_alg_values_supported'] == ['ES256']
    status, headers, _ = f.mcp(None)
    assert status == 401 and headers['WWW-Authenticate'].startswith('DPoP resource_metadata='), headers
    key = DpopKey()
    # No proof, no token.
    verifier = secrets.token_urlsafe(40)
    client_id = f.register()
    code = f.authorize(client_id, verifier)['code']
    status, _, body = f.token(client_id, code, verifier)
    assert status == 400 and json.loads(body)['error'] == 'invalid_dpop_proof', body
    token = dpop_sign_in(f, key)
    proof = key.proof('POST', f.base + '/mcp', token)
    status, _, body = dpop_mcp(f, token, proof)
    assert status == 200 and json.loads(body)['result']['tools'][0]['name'] == 'whoami', body
    # The same proof again is a replay; another key's proof is not the token's.
    status, headers, _ = dpop_mcp(f, token, proof)
    assert status == 401 and 'DPoP proof replayed' in headers['WWW-Authenticate'], headers
    status, headers, _ = dpop_mcp(f, token, DpopKey().proof('POST', f.base + '/mcp', token))
    assert status == 401 and 'invalid_dpop_proof' in headers['WWW-Authenticate'], headers
    # A bound token is no bearer token.
    assert f.mcp(token)[0] == 401


def test_dpop_as_nonce_loop(f):
    key = DpopKey()
    nonces = set()
    nonce = None
    for _ in range(3):
        status, headers, body = dpop_token_request(f, key, nonce)
        assert status == 400 and json.loads(body)['error'] == 'use_dpop_nonce', body
        nonce = headers['DPoP-Nonce']
        nonces.add(nonce)
    assert len(nonces) == 3, nonces


def test_dpop_rs_nonce_loop(f):
    key = DpopKey()
    token = dpop_sign_in(f, key)
    nonce = None
    for _ in range(3):
        status, headers, _ = dpop_mcp(f, token, key.proof('POST', f.base + '/mcp', token, nonce))
        assert status == 401 and 'error="use_dpop_nonce"' in headers['WWW-Authenticate'], headers
        assert headers['DPoP-Nonce'] != nonce
        nonce = headers['DPoP-Nonce']


def test_dpop_replay(f):
    key = DpopKey()
    token = dpop_sign_in(f, key)
    status, headers, _ = dpop_mcp(f, token, key.proof('POST', f.base + '/mcp', token))
    assert status == 401, status
    assert headers['WWW-Authenticate'].endswith(
        'error="invalid_dpop_proof", error_description="DPoP proof replayed (its jti was already '
        'used)"'), headers['WWW-Authenticate']


def workload_jwt(audience, expires_in=300):
    now = int(time.time())
    return '.'.join([b64url_json({'alg': 'ES256'}),
                     b64url_json({'sub': 'workload-7', 'aud': audience, 'exp': now + expires_in}),
                     b64url(b'unchecked')])


def test_jwt_bearer(f):
    grant = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
    assert grant in f.metadata()['grant_types_supported']
    status, _, body = request(f.base + '/token', {'grant_type': grant,
                                                  'assertion': workload_jwt(f.base)})
    assert status == 200, body
    assert f.mcp(json.loads(body)['access_token'])[0] == 200
    for bad in (workload_jwt('https://wrong.example.test'), workload_jwt(f.base, -60)):
        status, _, body = request(f.base + '/token', {'grant_type': grant, 'assertion': bad})
        assert status == 400 and json.loads(body)['error'] == 'invalid_grant', body


def test_idp_error(f):
    status, _, body = request(f.base + '/idp/token', {
        'grant_type': 'urn:ietf:params:oauth:grant-type:token-exchange',
        'subject_token': workload_jwt('idp-client')})
    assert status == 400, status
    assert json.loads(body) == {'error': 'invalid_grant',
                                'error_description': 'The ID token has expired'}, body


def test_endless_401(f):
    token = f.sign_in()['access_token']
    for _ in range(3):
        status, headers, _ = f.mcp(token)
        assert status == 401 and 'error="invalid_token"' in headers['WWW-Authenticate']


def test_http_authorize(f):
    assert f.metadata()['authorization_endpoint'] == 'http://auth.example.test/authorize'


def test_other_host_token(f):
    token = f.sign_in()['access_token']
    status, headers, _ = f.mcp(token)
    assert status == 307
    other = headers['Location']
    assert other.startswith('http://127.0.0.2:') and other.endswith('/mcp'), other
    # What a client that followed it would give away: the fixture logs it.
    status, _, _ = request(other, b'{}', {'Authorization': 'Bearer ' + token})
    assert status == 401
    leaked = [e for e in f.log() if e.get('listener') == 'other' and token in json.dumps(e)]
    assert len(leaked) == 1


def test_resource_mismatch(f):
    status, _, body = request(f.base + '/.well-known/oauth-protected-resource/mcp')
    resource = json.loads(body)['resource']
    assert resource.startswith('http://127.0.0.2:') and resource != f.base + '/mcp'


TESTS = [
    ('good', test_good, ()),
    ('good', test_good_rejects_bad_pkce_and_foreign_redirects, ()),
    ('good', test_client_credentials, ()),
    ('good', test_jwt_assertion,
     ('--jwt-key', os.path.join(HERE, 'fixtures', 'auth', 'test-only-p256-pkcs8.pem'))),
    ('issuer-mismatch', test_issuer_mismatch, ()),
    ('token-type-mac', test_token_type_mac, ()),
    ('wrong-state', test_wrong_state, ()),
    ('error-redirect', test_error_redirect, ()),
    ('huge-token', test_huge_token, ()),
    ('non-json-token', test_non_json_token, ()),
    ('endless-401', test_endless_401, ()),
    ('http-authorize', test_http_authorize, ()),
    ('other-host-token', test_other_host_token, ()),
    ('resource-mismatch', test_resource_mismatch, ()),
    ('dpop', test_dpop, ()),
    ('dpop-as-nonce-loop', test_dpop_as_nonce_loop, ()),
    ('dpop-rs-nonce-loop', test_dpop_rs_nonce_loop, ()),
    ('dpop-replay', test_dpop_replay, ()),
    ('jwt-bearer', test_jwt_bearer, ()),
    ('idp-error', test_idp_error, ()),
]


def main():
    print('1..%d' % len(TESTS))
    failed = False
    for n, (mode, test, extra) in enumerate(TESTS, 1):
        name = '%s: %s' % (mode, test.__name__[5:].replace('_', ' '))
        if test is test_jwt_assertion and not os.environ.get('ELICIT_AUTH_JWT_SIGN'):
            print('ok %d - %s # SKIP ELICIT_AUTH_JWT_SIGN is not set' % (n, name))
            continue
        if mode.startswith('dpop') and not HAVE_CRYPTOGRAPHY:
            print('ok %d - %s # SKIP python3-cryptography is not installed' % (n, name))
            continue
        f = Fixture(mode, *extra)
        try:
            test(f)
            print('ok %d - %s' % (n, name))
        except Exception as e:
            failed = True
            print('not ok %d - %s' % (n, name))
            print('# %r' % e)
        finally:
            f.close()
        sys.stdout.flush()
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()

/**
 * The JWT signer (loaded on first need, see ../libraries.ts): visitor tokens are HS256 JWTs. An
 * HMAC over two base64url JSON parts is a few lines on WebCrypto (global in Node 20 and in
 * browsers); a JOSE library weighed about 4.7 KB gzipped in the browser mock for this one call.
 * The tokens are byte for byte those `jose`'s `SignJWT` makes (test/orgs/members.test.ts).
 */

const encoder = new TextEncoder()

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const json = (value: object) => base64url(encoder.encode(JSON.stringify(value)))

/**
 * A compact JWT of `claims` (in their order) with the header `{"alg":"HS256","typ":"JWT"}`,
 * signed with HMAC-SHA-256 under the UTF-8 bytes of `secret`.
 */
export async function signHS256(claims: object, secret: string): Promise<string> {
  const input = `${json({ alg: 'HS256', typ: 'JWT' })}.${json(claims)}`
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return `${input}.${base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(input))))}`
}

import { badRequest } from '../../base/http-error.ts'
import { childrenOf, encode, readElement, SEQUENCE, type DerElement } from './der.ts'

/** A certificate accepted from a request, with its validity when the structure shows one. */
export interface Certificate {
  /** The PEM text as sent, without surrounding whitespace. */
  pem: string
  notBefore?: Date
  notAfter?: Date
}

const PEM = /^-----BEGIN CERTIFICATE-----\r?\n?([A-Za-z0-9+/=\s]*?)\r?\n?-----END CERTIFICATE-----$/
const BIT_STRING = 0x03
const invalid = (why: string) => badRequest(`Invalid body.certificate: ${why}`)

/**
 * Reads a PEM certificate: one `CERTIFICATE` block whose base64 body decodes to a single DER
 * SEQUENCE filling it exactly, as every X.509 certificate is. Anything else is a 400.
 */
export function parseCertificate(text: string): Certificate {
  const pem = text.trim()
  const match = PEM.exec(pem)
  if (!match) throw invalid('expected a PEM certificate: -----BEGIN CERTIFICATE-----, base64, -----END CERTIFICATE-----')
  const body = match[1]!.replace(/\s+/g, '')
  if (body === '' || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body))
    throw invalid('the text between the PEM markers is not base64')
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0))
  const outer = readElement(bytes, 0)
  const parts = outer && outer.tag === SEQUENCE && outer.end === bytes.length ? childrenOf(bytes, outer) : undefined
  // Certificate ::= SEQUENCE { tbsCertificate SEQUENCE, signatureAlgorithm SEQUENCE, signatureValue BIT STRING }
  const shaped = parts?.length === 3 && parts[0]!.tag === SEQUENCE && parts[1]!.tag === SEQUENCE && parts[2]!.tag === BIT_STRING
  if (!shaped) throw invalid('the base64 does not decode to a DER X.509 certificate')
  return { pem, ...validityOf(bytes, parts[0]!) }
}

/** `validity` of a TBSCertificate: version (optional), serial, signature, issuer, validity. */
function validityOf(bytes: Uint8Array, tbs: DerElement): { notBefore?: Date; notAfter?: Date } {
  const fields = childrenOf(bytes, tbs)
  if (!fields) return {}
  const validity = fields[fields[0]?.tag === 0xa0 ? 4 : 3]
  const times = validity?.tag === SEQUENCE ? childrenOf(bytes, validity) : undefined
  if (times?.length !== 2) return {}
  const notBefore = timeOf(bytes, times[0]!)
  const notAfter = timeOf(bytes, times[1]!)
  return notBefore && notAfter ? { notBefore, notAfter } : {}
}

const UTC_TIME = 0x17
const GENERALIZED_TIME = 0x18

function timeOf(bytes: Uint8Array, element: DerElement): Date | undefined {
  const text = String.fromCharCode(...bytes.subarray(element.start, element.end))
  const match =
    element.tag === UTC_TIME
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : element.tag === GENERALIZED_TIME
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null
  if (!match) return undefined
  let year = Number(match[1])
  // RFC 5280: two-digit years 50-99 are 19xx, 00-49 are 20xx.
  if (element.tag === UTC_TIME) year += year >= 50 ? 1900 : 2000
  const date = new Date(Date.UTC(year, Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6])))
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** A source of random 32-bit integers (the platform's seeded generator). */
export interface RandomSource {
  next(): number
}

const SHA256_WITH_RSA = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b, 0x05, 0x00]
const RSA_ENCRYPTION = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00]
const COMMON_NAME = [0x06, 0x03, 0x55, 0x04, 0x03]

function randomBytes(random: RandomSource, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => random.next() & 0xff)
}

function time(date: Date): Uint8Array {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  const year = date.getUTCFullYear()
  const utc = year >= 1950 && year < 2050
  return encode(
    utc ? UTC_TIME : GENERALIZED_TIME,
    [...((utc ? iso.slice(2) : iso) + 'Z')].map((c) => c.charCodeAt(0)),
  )
}

function name(commonName: string): Uint8Array {
  return encode(SEQUENCE, encode(0x31, encode(SEQUENCE, COMMON_NAME, encode(0x0c, new TextEncoder().encode(commonName)))))
}

/**
 * A self-signed X.509 v3 certificate in PEM, well-formed (tools such as Node's
 * `X509Certificate` read it) but with random key and signature bytes: it verifies nothing,
 * which is all a mock needs. The same random state gives the same certificate.
 */
export function generateCertificate(random: RandomSource, options: { commonName: string; notBefore: Date; notAfter: Date }): string {
  const serial = randomBytes(random, 16)
  serial[0] = (serial[0]! & 0x7f) | 0x10
  const modulus = randomBytes(random, 256)
  modulus[0] = modulus[0]! | 0x80
  modulus[255] = modulus[255]! | 0x01
  const publicKey = encode(SEQUENCE, encode(0x02, [0x00], modulus), encode(0x02, [0x01, 0x00, 0x01]))
  const subject = name(options.commonName)
  const tbs = encode(
    SEQUENCE,
    encode(0xa0, encode(0x02, [0x02])),
    encode(0x02, serial),
    encode(SEQUENCE, SHA256_WITH_RSA),
    subject,
    encode(SEQUENCE, time(options.notBefore), time(options.notAfter)),
    subject,
    encode(SEQUENCE, encode(SEQUENCE, RSA_ENCRYPTION), encode(BIT_STRING, [0x00], publicKey)),
  )
  const der = encode(SEQUENCE, tbs, encode(SEQUENCE, SHA256_WITH_RSA), encode(BIT_STRING, [0x00], randomBytes(random, 256)))
  const base64 = btoa(String.fromCharCode(...der))
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`
}

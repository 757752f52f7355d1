/** The JWT library (loaded on first need, see ../libraries.ts): visitor tokens are signed with it. */
export { SignJWT } from 'jose'

import type { UserRecord } from '../model/orgs/tables.ts'
import type { State } from '../model/state.ts'

/** An embedded user. */
export function presentUser(state: State, user: UserRecord) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: `${state.urls.app}/u/${user.id}` },
  }
}

/** An embedded user by ID (a placeholder of the same shape when the user is gone). */
export function presentUserById(state: State, userId: string) {
  const user = state.db.users.get(userId)
  return user ? presentUser(state, user) : { object: 'user' as const, id: userId, displayName: 'Deleted user' }
}

import { conflictingWrites } from './conflicts.ts'

conflictingWrites(3)

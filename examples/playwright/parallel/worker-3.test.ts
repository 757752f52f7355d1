import { conflictingWrites } from './conflicts.js'

conflictingWrites(3)

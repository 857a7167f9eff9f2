/** Wire flag from the database's 0/1. */
export const flag = (v: number): boolean => v !== 0;

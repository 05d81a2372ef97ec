/** A request's query parameters; arrays become repeated parameters, undefined and null are left out. */
export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;
export type Query = Record<string, QueryValue>;

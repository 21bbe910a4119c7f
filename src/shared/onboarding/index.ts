export * from "./plan.ts";
export * from "./quiz.ts";
export * from "./run-challenge.ts";
export * from "./tokens.ts";

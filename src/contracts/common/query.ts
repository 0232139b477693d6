import { z } from "zod";

type TQueryIntegerOptions = { min: number; max?: number; default: number; description: string };

/**
 * A whole number in a query string. Written as a string piped into a number because the OpenAPI
 * adapter accepts only string-like query parameters in the production bundle (its coercion
 * support is detected at runtime and is absent there), and because "abc" should say what is
 * wrong rather than become NaN.
 */
export function zQueryInteger(options: TQueryIntegerOptions) {
  const number = z.number().int("must be a whole number").min(options.min, `must be at least ${options.min}`);
  const bounded = options.max === undefined ? number : number.max(options.max, `must be at most ${options.max}`);
  return (
    z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .default(String(options.default))
      .transform(Number)
      .pipe(bounded)
      // Documented as the integer it is (typed clients send numbers; the query string carries digits).
      .meta({
        description: options.description,
        type: "integer",
        minimum: options.min,
        ...(options.max === undefined ? {} : { maximum: options.max }),
        default: options.default,
        pattern: undefined,
      })
  );
}

import { data } from "react-router";
import { isAppError } from "./app-error";

/**
 * A loader's lookup, with "not found" answered as the page's 404 (what Epic Stack's
 * invariantResponse does); any other failure is thrown as it is.
 */
export async function foundOr404<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (isAppError(error, "not_found")) throw data(null, { status: 404 });
    throw error;
  }
}

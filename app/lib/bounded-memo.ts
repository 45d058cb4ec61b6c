/**
 * Answers remembered by key, at most `limit` of them: when full, the memory is emptied and fills
 * again. For pure answers asked of the same keys many times over, whose keys may come from requests
 * (dates, cookies), so the memory stays bounded. An `undefined` answer is not remembered. Browser-safe.
 */
export function boundedMemo<V>(limit: number) {
  const answers = new Map<string, V>();
  return {
    get(key: string, answer: () => V): V {
      let value = answers.get(key);
      if (value === undefined) {
        value = answer();
        if (value === undefined) return value;
        if (answers.size >= limit) answers.clear();
        answers.set(key, value);
      }
      return value;
    },
  };
}

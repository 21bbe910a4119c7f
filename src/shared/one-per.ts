/**
 * What `make` gives for an object, made on its first use and kept as long as the object lives: a prepared statement
 * per database, a reader per app's dependencies. Kept in a WeakMap, so a closed test app's are collected with it.
 */
export function onePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

/**
 * What `make` gives for a key, kept for the last `max` keys made (the oldest made is forgotten first): a value that is
 * the same for every request sharing its key, such as the weeks a calendar day shows in one time zone. Only for pure
 * `make`: another instance, or this one after forgetting, makes the same value again.
 */
export function lastMade<V>(max: number, make: (key: string) => V): (key: string) => V {
  const made = new Map<string, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      if (made.size >= max) made.delete(made.keys().next().value as string);
      made.set(key, value);
    }
    return value;
  };
}

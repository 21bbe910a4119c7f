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

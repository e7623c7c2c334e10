import fc from 'fast-check';

/** Checks `property` for any text of a field with any search text (a property test of highlighting). */
export function forAnyTextAndSearch(property: (text: string, search: string) => void): void {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 20 }), property),
  );
}

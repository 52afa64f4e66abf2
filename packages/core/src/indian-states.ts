/**
 * India's states and union territories with their GST state codes (the first two digits of a
 * GSTIN, printed on tax invoices as the place of supply), and the PIN codes each one's post
 * offices use, by the first three digits of the PIN (India Post's sorting districts). Ranges
 * overlap where a sorting district serves two of them (Chandigarh and Punjab share 160, Bihar and
 * Jharkhand 813–835): a PIN belongs to every state whose ranges hold it.
 */
export interface IndianState {
  /** The name the address form lists and orders keep. */
  name: string;
  /** GST state code, two digits. */
  gstCode: string;
  kind: 'state' | 'union territory';
  /** Inclusive ranges of the PIN's first three digits. */
  pinPrefixes: readonly (readonly [number, number])[];
}

const st = (
  name: string,
  gstCode: string,
  pinPrefixes: readonly (readonly [number, number])[],
  kind: IndianState['kind'] = 'state',
): IndianState => ({ name, gstCode, kind, pinPrefixes });
const ut = (name: string, gstCode: string, pinPrefixes: readonly (readonly [number, number])[]) =>
  st(name, gstCode, pinPrefixes, 'union territory');

/** In the order the address form lists them: alphabetical, states and territories together. */
export const indianStates: readonly IndianState[] = [
  ut('Andaman and Nicobar Islands', '35', [[744, 744]]),
  st('Andhra Pradesh', '37', [[515, 535]]),
  st('Arunachal Pradesh', '12', [[790, 792]]),
  st('Assam', '18', [[781, 788]]),
  st('Bihar', '10', [[800, 855]]),
  ut('Chandigarh', '04', [[160, 160]]),
  st('Chhattisgarh', '22', [[490, 497]]),
  ut('Dadra and Nagar Haveli and Daman and Diu', '26', [
    [362, 362],
    [396, 396],
  ]),
  ut('Delhi', '07', [[110, 110]]),
  st('Goa', '30', [[403, 403]]),
  st('Gujarat', '24', [[360, 396]]),
  st('Haryana', '06', [[121, 136]]),
  st('Himachal Pradesh', '02', [[171, 177]]),
  ut('Jammu and Kashmir', '01', [[180, 193]]),
  st('Jharkhand', '20', [[813, 835]]),
  st('Karnataka', '29', [[560, 591]]),
  st('Kerala', '32', [[670, 695]]),
  ut('Ladakh', '38', [[194, 194]]),
  ut('Lakshadweep', '31', [[682, 682]]),
  st('Madhya Pradesh', '23', [[450, 488]]),
  st('Maharashtra', '27', [
    [400, 402],
    [404, 445],
  ]),
  st('Manipur', '14', [[795, 795]]),
  st('Meghalaya', '17', [[793, 794]]),
  st('Mizoram', '15', [[796, 796]]),
  st('Nagaland', '13', [[797, 798]]),
  st('Odisha', '21', [[751, 770]]),
  ut('Puducherry', '34', [
    [533, 533],
    [605, 605],
    [607, 607],
    [609, 609],
    [673, 673],
  ]),
  st('Punjab', '03', [[140, 160]]),
  st('Rajasthan', '08', [[301, 345]]),
  st('Sikkim', '11', [[737, 737]]),
  st('Tamil Nadu', '33', [[600, 643]]),
  st('Telangana', '36', [[500, 509]]),
  st('Tripura', '16', [[799, 799]]),
  st('Uttar Pradesh', '09', [
    [201, 247],
    [250, 262],
    [264, 285],
  ]),
  st('Uttarakhand', '05', [
    [244, 244],
    [246, 249],
    [262, 263],
  ]),
  st('West Bengal', '19', [
    [700, 736],
    [738, 743],
  ]),
];

const byName = new Map(indianStates.map((s) => [s.name.toLowerCase(), s]));

/** The state or territory of this name (any letter case), or undefined. */
export function findIndianState(name: string): IndianState | undefined {
  return byName.get(name.trim().toLowerCase());
}

/**
 * Six digits: what a PIN code is written as. Whether such a code is one India Post uses is
 * another question (`isPinCodeShape`): "999999" is well formed, and found nowhere.
 */
export function isSixDigitPin(pinCode: string): boolean {
  return /^\d{6}$/.test(pinCode);
}

/** Six digits, the first 1 to 8 (India Post's zones): the shape of every Indian PIN code. */
export function isPinCodeShape(pinCode: string): boolean {
  return /^[1-8]\d{5}$/.test(pinCode);
}

/** Whether a PIN code is one the state's (or territory's) post offices use. */
export function pinCodeBelongsTo(pinCode: string, state: IndianState): boolean {
  if (!isPinCodeShape(pinCode)) return false;
  const prefix = Number(pinCode.slice(0, 3));
  return state.pinPrefixes.some(([from, to]) => prefix >= from && prefix <= to);
}

/** Every state or territory whose post offices use this PIN code. */
export function statesOfPinCode(pinCode: string): IndianState[] {
  return indianStates.filter((state) => pinCodeBelongsTo(pinCode, state));
}

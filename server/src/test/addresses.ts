/** An address as orders take it, for the API suites. */
export const orderAddress = {
  name: 'Home',
  addressLine1: '12B, MG Road',
  addressLine2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  country: 'India',
  phone: '9876543210',
};

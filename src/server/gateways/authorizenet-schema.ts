/**
 * The child order AnetApiSchema.xsd imposes on the elements the shop sends. Authorize.Net checks
 * JSON requests against that XML schema, so a key out of order is refused (E00003). The adapter
 * builds its objects in this order; the test double enforces it with `schemaOrderError`.
 * Each entry: child name, and its own type when we model its children.
 */
type Children = readonly (readonly [name: string, type?: string])[];

const AUTH_AND_REF: Children = [
  ['merchantAuthentication', 'merchantAuthenticationType'],
  ['clientId'],
  ['refId'],
];

export const AUTHORIZE_NET_SCHEMA: Readonly<Record<string, Children>> = {
  createTransactionRequest: [...AUTH_AND_REF, ['transactionRequest', 'transactionRequestType']],
  createCustomerProfileRequest: [...AUTH_AND_REF, ['profile', 'customerProfileType'], ['validationMode']],
  createCustomerPaymentProfileRequest: [
    ...AUTH_AND_REF,
    ['customerProfileId'],
    ['paymentProfile', 'customerPaymentProfileType'],
    ['validationMode'],
  ],
  deleteCustomerPaymentProfileRequest: [...AUTH_AND_REF, ['customerProfileId'], ['customerPaymentProfileId']],
  getUnsettledTransactionListRequest: [
    ...AUTH_AND_REF,
    ['status'],
    ['sorting', 'transactionListSorting'],
    ['paging', 'paging'],
  ],
  getTransactionDetailsRequest: [...AUTH_AND_REF, ['transId']],
  transactionListSorting: [['orderBy'], ['orderDescending']],
  paging: [['limit'], ['offset']],
  merchantAuthenticationType: [['name'], ['transactionKey'], ['sessionToken'], ['password']],
  transactionRequestType: [
    ['transactionType'],
    ['amount'],
    ['currencyCode'],
    ['payment', 'paymentType'],
    ['profile', 'customerProfilePaymentType'],
    ['solution'],
    ['callId'],
    ['terminalNumber'],
    ['authCode'],
    ['refTransId'],
    ['splitTenderId'],
    ['order', 'orderType'],
    ['lineItems'],
    ['tax'],
    ['duty'],
    ['shipping'],
    ['taxExempt'],
    ['poNumber'],
    ['customer'],
    ['billTo', 'customerAddressType'],
    ['shipTo', 'customerAddressType'],
    ['customerIP'],
    ['cardholderAuthentication'],
    ['retail'],
    ['employeeId'],
    ['transactionSettings', 'arrayOfSetting'],
    ['userFields'],
    ['surcharge'],
    ['merchantDescriptor'],
    ['subMerchant'],
    ['tip'],
    ['processingOptions'],
    ['subsequentAuthInformation'],
    ['otherTax'],
    ['shipFrom'],
    ['authorizationIndicatorType'],
  ],
  paymentType: [['creditCard', 'creditCardType'], ['bankAccount'], ['trackData'], ['opaqueData']],
  creditCardType: [['cardNumber'], ['expirationDate'], ['cardCode'], ['isPaymentToken'], ['cryptogram']],
  customerProfilePaymentType: [
    ['createProfile'],
    ['customerProfileId'],
    ['paymentProfile', 'paymentProfileRef'],
    ['shippingProfileId'],
  ],
  paymentProfileRef: [['paymentProfileId'], ['cardCode']],
  orderType: [['invoiceNumber'], ['description']],
  customerAddressType: [
    ['firstName'],
    ['lastName'],
    ['company'],
    ['address'],
    ['city'],
    ['state'],
    ['zip'],
    ['country'],
    ['phoneNumber'],
    ['faxNumber'],
    ['email'],
  ],
  arrayOfSetting: [['setting', 'settingType']],
  settingType: [['settingName'], ['settingValue']],
  customerProfileType: [
    ['merchantCustomerId'],
    ['description'],
    ['email'],
    ['paymentProfiles', 'customerPaymentProfileType'],
    ['shipToList'],
    ['profileType'],
  ],
  customerPaymentProfileType: [
    ['customerType'],
    ['billTo', 'customerAddressType'],
    ['payment', 'paymentType'],
    ['driversLicense'],
    ['taxId'],
    ['defaultPaymentProfile'],
    ['subsequentAuthInformation'],
  ],
};

const NAMESPACE = 'AnetApi/xml/v1/schema/AnetApiSchema.xsd';

function invalidChild(parent: string, child: string, expected: string[]): string {
  return (
    `The element '${parent}' in namespace '${NAMESPACE}' has invalid child element '${child}' in namespace ` +
    `'${NAMESPACE}'. List of possible elements expected: '${expected.join("', '")}'.`
  );
}

function checkElement(name: string, type: string, value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const error = checkElement(name, type, item);
      if (error) return error;
    }
    return undefined;
  }
  const children = AUTHORIZE_NET_SCHEMA[type];
  if (!children || typeof value !== 'object' || value === null) return undefined;
  let position = -1;
  for (const [key, child] of Object.entries(value)) {
    const index = children.findIndex(([childName]) => childName === key);
    if (index <= position) {
      return invalidChild(
        name,
        key,
        children.slice(position + 1).map(([childName]) => childName),
      );
    }
    position = index;
    const childType = children[index]?.[1];
    const error = childType ? checkElement(key, childType, child) : undefined;
    if (error) return error;
  }
  return undefined;
}

/** Why a request breaks the schema's order (the gateway's E00003 text), or undefined when it keeps it. */
export function schemaOrderError(requestName: string, body: unknown): string | undefined {
  if (!AUTHORIZE_NET_SCHEMA[requestName]) return `The element '${requestName}' is not declared.`;
  return checkElement(requestName, requestName, body);
}

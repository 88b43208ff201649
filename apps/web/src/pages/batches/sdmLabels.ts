/** The SDM settings a personalisation tool enters, in the order NXP TagXplorer asks for them. */
export const SDM_SETTINGS: [string, string][] = [
  ['fileOption', 'FileOption'],
  ['accessRights', 'AccessRights'],
  ['sdmOptions', 'SDMOptions'],
  ['sdmAccessRights', 'SDMAccessRights'],
  ['uidOffset', 'UIDOffset'],
  ['readCtrOffset', 'SDMReadCtrOffset'],
  ['piccDataOffset', 'PICCDataOffset'],
  ['ttStatusOffset', 'TTPermStatusOffset'],
  ['macInputOffset', 'SDMMACInputOffset'],
  ['encOffset', 'SDMENCOffset'],
  ['encLength', 'SDMENCLength'],
  ['macOffset', 'SDMMACOffset'],
  ['changeFileSettings', 'ChangeFileSettings data'],
];

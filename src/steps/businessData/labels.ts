/** The words businessData shows for its industry codes (section 3: A to U are the NACE Rev. 2 sections). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const INDUSTRY_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  A: msg`A – Agriculture, forestry and fishing`,
  B: msg`B – Mining and quarrying`,
  C: msg`C – Manufacturing`,
  D: msg`D – Electricity, gas, steam and air conditioning supply`,
  E: msg`E – Water supply, sewerage and waste management`,
  F: msg`F – Construction`,
  G: msg`G – Wholesale and retail trade, repair of motor vehicles`,
  H: msg`H – Transportation and storage`,
  I: msg`I – Accommodation and food service activities`,
  J: msg`J – Information and communication`,
  K: msg`K – Financial and insurance activities`,
  L: msg`L – Real estate activities`,
  M: msg`M – Professional, scientific and technical activities`,
  N: msg`N – Administrative and support service activities`,
  O: msg`O – Public administration and defence`,
  P: msg`P – Education`,
  Q: msg`Q – Human health and social work activities`,
  R: msg`R – Arts, entertainment and recreation`,
  S: msg`S – Other service activities`,
  T: msg`T – Activities of households as employers`,
  U: msg`U – Activities of extraterritorial organisations`,
};

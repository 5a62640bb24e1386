import { EVENT_TYPES } from '../../api';

/** Event types, every resource's wildcard and `*`: what an endpoint can subscribe to. */
export const EVENT_CHOICES = [
  '*',
  ...new Set(EVENT_TYPES.map((type) => `${type.split('.')[0]}.*`)),
  ...EVENT_TYPES,
];

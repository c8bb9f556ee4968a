/** The lists of the specification (sections 4, 5 and 9), copied from it character by character. */

export const probillStatuses = [
  'TENDERED AT ORIGIN',
  'MANIFESTED AT ORIGIN',
  'DEPARTED ORIGIN',
  'IN TRANSIT TO SERVICE CENTER',
  'ARRIVED At DEST.SRV CNTR',
  'OUT FOR DELIVERY',
  'DELIVERED',
  'LOADED FOR DELIVERY',
  'TRANSFERRED AT HUB',
  'IN TRANSIT TO HUB',
  'PARTIAL PICKUP OR DELIVERY',
  'READY FOR DISPATCH',
  'PICKED UP FROM SHIPPER',
  'REFUSED BY CUSTOMER-ON HAND',
  'RETURNED TO SERVICE CENTER',
  'UNLOADED At DEST.SRV CNTR',
  'UNDELIVERABLE-AT DEST SRV CNTR',
  'WAREHOUSED AT DEST. SRV CNTR',
  'RETURNED TO SHIPPER',
  'PROBILL CANCELED',
];

export const appointmentReasons = [
  'Bol Held At Origin',
  'Cust Closed For Holiday',
  'Cust Delayed Appointment',
  'Cust Postponed Appt/Delvry',
  'Cust Requested Early Delivery',
  'Cust Requested Redelivery',
  'Customer Closed For Holiday',
  'Delayed From Previous Stop',
  'Destination Missed Delivery',
  'Destination S/C Damaged',
  'Destination S/C Missed Appt.',
  'Destination S/C Shortage',
  'Destination Weather Delay',
  'Linehaul Delay',
  'Linehaul Equipment Delay',
  'Linehaul Shortage',
  'Linehaul Weather Delay',
  'Origin Delay - Misload',
  'Origin Delayed Departure',
  'Origin Delay-Out Of Route',
  'State Of Emergency',
];

export const specialServices = [
  'INSIDE_DELIVERY',
  'LIFTGATE',
  'JOBSITE_DELIVERY',
  'NOTIFY_FEE',
  'RESIDENTIAL_DELIVERY',
  'SORT_AND_SEGREGATE',
  'TRADE_SHOW_DELIVERY',
  'WILL_CALL',
  'LIMITED_ACCESS',
];

export const classCodes = ['50', '55', '60', '65', '70', '77', '85', '92', '100', '110', '125', '150', '175', '200', '250', '300', '400', '500', '1', '3'];

/** The messages of the specification's error catalogue (section 8), character by character. */
export const catalogueMessages = [
  'Error in processing the request',
  'pickupNumber should not be empty',
  'time must be in format (HH:MM, 00:00-23:59)',
  'New pickup date cannot be earlier than the current scheduled date',
  'Pickup cannot be rescheduled as it is already assigned, cancelled, or completed',
  'Pickup cannot be cancelled as it is already assigned, cancelled, or completed',
  'Limited pickup area. Call Origin Service Center for definite pickup date',
  'Unable to calculate transit for specified zip codes. Please call {phone} for more information',
];

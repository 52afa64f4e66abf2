/** Staff shipment requests: ship an order, its parcel and events, delivery problems, couriers and settings. */
import type {
  CourierSettingData,
  DeliveryProblemData,
  MarkShippedBody,
  ShipmentData,
  ShipmentImportData,
  ShipmentSettingsBody,
  ShipmentSettingsData,
  StaffShipmentEventBody,
} from '@shop/core';
import { adminApi, changeMutation, defaultStaffFallback, recordPath } from '../shared/admin-api.ts';

/** What shipping or a parcel's event changes: the order (status, history), the lists, the problems queue. */
const orderChanged = (orderId: string) => [
  { type: 'Order' as const, id: orderId },
  { type: 'Order' as const, id: 'LIST' },
  { type: 'Order' as const, id: `SHIPMENT-${orderId}` },
  'OrderStats' as const,
  'LowStock' as const,
  PROBLEMS,
];
const PROBLEMS = { type: 'Delivery', id: 'PROBLEMS' } as const;
const COURIERS = { type: 'Delivery', id: 'COURIERS' } as const;
const SHIPMENT_SETTINGS = { type: 'Delivery', id: 'SHIPMENT_SETTINGS' } as const;
const RETURNS = { type: 'Delivery', id: 'RETURNS' } as const;

export interface PinReturns {
  pinCode: string;
  finished: number;
  returned: number;
  ratePercent: number | null;
  codOff: boolean;
}

const shipmentsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** An order's parcel; null before it ships. */
    getOrderShipment: build.query<ShipmentData | null, string>({
      query: (orderId) => ({
        method: 'GET',
        path: `${recordPath('/admin/orders', orderId)}/shipment`,
        fallback: 'Failed to fetch the parcel',
      }),
      providesTags: (_, __, orderId) => [{ type: 'Order', id: `SHIPMENT-${orderId}` }],
    }),
    markShipped: changeMutation<ShipmentData, { orderId: string; body: MarkShippedBody }>(
      build,
      ({ orderId, body }) => ({
        method: 'POST',
        path: `${recordPath('/admin/orders', orderId)}/shipment`,
        body,
        fallback: 'Failed to mark the order shipped',
      }),
      ({ orderId }) => orderChanged(orderId),
    ),
    recordShipmentEvent: changeMutation<
      ShipmentData,
      { shipmentId: string; orderId: string; body: StaffShipmentEventBody }
    >(
      build,
      ({ shipmentId, body }) => ({
        method: 'POST',
        path: `${recordPath('/admin/shipments', shipmentId)}/events`,
        body,
        fallback: 'Failed to record the event',
      }),
      ({ orderId }) => [...orderChanged(orderId), RETURNS],
    ),
    getDeliveryProblems: build.query<DeliveryProblemData[], void>({
      query: () => ({ method: 'GET', path: '/admin/delivery-problems', fallback: defaultStaffFallback }),
      transformResponse: (data: { problems: DeliveryProblemData[] }) => data.problems,
      providesTags: [PROBLEMS],
    }),
    /** Applies a CSV of AWB statuses; bad lines come back by number, the others count. */
    importShipmentStatuses: changeMutation<ShipmentImportData, string>(
      build,
      (csv) => ({
        method: 'POST',
        path: '/admin/shipments/import',
        body: { csv },
        fallback: 'Could not import the file.',
      }),
      () => [{ type: 'Order' as const }, PROBLEMS, RETURNS, 'OrderStats' as const, 'LowStock' as const],
    ),
    getCouriers: build.query<CourierSettingData[], void>({
      query: () => ({ method: 'GET', path: '/admin/couriers', fallback: defaultStaffFallback }),
      transformResponse: (data: { couriers: CourierSettingData[] }) => data.couriers,
      providesTags: [COURIERS],
    }),
    setCourierTemplate: changeMutation<unknown, { courier: string; trackingUrlTemplate: string }>(
      build,
      ({ courier, trackingUrlTemplate }) => ({
        method: 'PUT',
        path: recordPath('/admin/couriers', courier),
        body: { trackingUrlTemplate },
        fallback: 'Could not save the tracking link.',
      }),
      () => [COURIERS, { type: 'Order' as const }, { type: 'Delivery' as const, id: 'RANGES' }],
    ),
    getShipmentSettings: build.query<ShipmentSettingsData, void>({
      query: () => ({ method: 'GET', path: '/admin/shipment-settings', fallback: defaultStaffFallback }),
      providesTags: [SHIPMENT_SETTINGS],
    }),
    saveShipmentSettings: changeMutation<ShipmentSettingsData, ShipmentSettingsBody>(
      build,
      (body) => ({ method: 'PUT', path: '/admin/shipment-settings', body, fallback: 'Could not save the settings.' }),
      () => [SHIPMENT_SETTINGS, RETURNS, { type: 'Delivery' as const, id: 'RANGES' }],
    ),
    getReturnsByPin: build.query<PinReturns[], void>({
      query: () => ({ method: 'GET', path: '/admin/returns-by-pin', fallback: defaultStaffFallback }),
      transformResponse: (data: { pins: PinReturns[] }) => data.pins,
      providesTags: [RETURNS],
    }),
  }),
});

export const {
  useGetOrderShipmentQuery,
  useMarkShippedMutation,
  useRecordShipmentEventMutation,
  useGetDeliveryProblemsQuery,
  useImportShipmentStatusesMutation,
  useGetCouriersQuery,
  useSetCourierTemplateMutation,
  useGetShipmentSettingsQuery,
  useSaveShipmentSettingsMutation,
  useGetReturnsByPinQuery,
} = shipmentsApi;

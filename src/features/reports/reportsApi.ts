import type { ReportDailyResponse, ReportGroup, ReportResponse, ReportShiftsResponse } from '../../../contract/reports';
import { api } from '../../app/api';

export interface ReportArgs {
  from: string;
  to: string;
  group: ReportGroup;
  driver_id?: number;
  vehicle_id?: number;
}

const params = (args: ReportArgs) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));

/** Reportes: the period per driver or vehicle, per day (chart, drill-down) and a day's shifts. Shifts end all the time: asked again on each visit. */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReport: build.query<ReportResponse, ReportArgs>({ query: (args) => ({ url: '/reports', params: params(args) }) }),
    getReportDaily: build.query<ReportDailyResponse, ReportArgs>({ query: (args) => ({ url: '/reports/daily', params: params(args) }) }),
    getReportShifts: build.query<ReportShiftsResponse, ReportArgs>({ query: (args) => ({ url: '/reports/shifts', params: params(args) }) }),
  }),
});

export const { useGetReportQuery, useGetReportDailyQuery, useGetReportShiftsQuery } = reportsApi;

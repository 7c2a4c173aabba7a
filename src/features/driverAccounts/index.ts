/** Cuentas, the drivers' ledger (balances, a driver's statement, cierre del día): what src/app may use. */
export { AccountsAttention, driversBehind } from './AccountsAttention';
export { AccountsPage } from './AccountsPage';
export { ClosingPage } from './ClosingPage';
export { DriverAccountPage } from './DriverAccountPage';
export { useGetBalancesQuery } from './driverAccountsApi';
export { AccountSettingsForm } from './AccountSettingsForm';
export { FareTariffForm } from './FareTariffForm';

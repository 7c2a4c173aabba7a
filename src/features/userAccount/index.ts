/** The signed-in desk user's own account (the top bar's menu, their password): what src/app may use. */
export { AccountMenu } from './AccountMenu';

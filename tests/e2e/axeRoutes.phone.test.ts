import { describeAxeOnEveryRoute } from './support/axeOnEveryRoute';

describeAxeOnEveryRoute('phone');

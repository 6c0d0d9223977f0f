import { mount } from './mount';
import QuestionMui from './QuestionMui';

mount(QuestionMui);

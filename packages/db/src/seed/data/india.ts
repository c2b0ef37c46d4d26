/**
 * India's 28 states and 8 union territories with a few real cities each, for
 * the address form's state and city lists. Capital first.
 *
 * Haryana and Punjab share Chandigarh as their capital, but the city is its own
 * union territory: listing it under a state would let one address name two
 * states, so it appears only under Chandigarh and those two states start with
 * their largest city instead.
 */
import type { SeedState } from './types';

export const states: SeedState[] = [
  // --- States ---
  {
    name: 'Andhra Pradesh',
    kind: 'state',
    cities: ['Amaravati', 'Visakhapatnam', 'Vijayawada', 'Guntur', 'Nellore', 'Tirupati', 'Kurnool'],
  },
  {
    name: 'Arunachal Pradesh',
    kind: 'state',
    cities: ['Itanagar', 'Naharlagun', 'Pasighat', 'Tawang', 'Ziro', 'Bomdila'],
  },
  { name: 'Assam', kind: 'state', cities: ['Dispur', 'Guwahati', 'Silchar', 'Dibrugarh', 'Jorhat', 'Tezpur'] },
  { name: 'Bihar', kind: 'state', cities: ['Patna', 'Gaya', 'Bhagalpur', 'Muzaffarpur', 'Darbhanga', 'Purnia'] },
  { name: 'Chhattisgarh', kind: 'state', cities: ['Raipur', 'Bhilai', 'Bilaspur', 'Korba', 'Durg', 'Jagdalpur'] },
  { name: 'Goa', kind: 'state', cities: ['Panaji', 'Margao', 'Vasco da Gama', 'Mapusa', 'Ponda'] },
  {
    name: 'Gujarat',
    kind: 'state',
    cities: ['Gandhinagar', 'Ahmedabad', 'Surat', 'Vadodara', 'Rajkot', 'Bhavnagar', 'Jamnagar'],
  },
  {
    name: 'Haryana',
    kind: 'state',
    cities: ['Gurugram', 'Faridabad', 'Panchkula', 'Panipat', 'Ambala', 'Karnal', 'Hisar', 'Rohtak'],
  },
  {
    name: 'Himachal Pradesh',
    kind: 'state',
    cities: ['Shimla', 'Dharamshala', 'Mandi', 'Solan', 'Kullu', 'Manali'],
  },
  {
    name: 'Jharkhand',
    kind: 'state',
    cities: ['Ranchi', 'Jamshedpur', 'Dhanbad', 'Bokaro Steel City', 'Deoghar', 'Hazaribagh'],
  },
  {
    name: 'Karnataka',
    kind: 'state',
    cities: ['Bengaluru', 'Mysuru', 'Mangaluru', 'Hubballi', 'Belagavi', 'Kalaburagi'],
  },
  {
    name: 'Kerala',
    kind: 'state',
    cities: ['Thiruvananthapuram', 'Kochi', 'Kozhikode', 'Thrissur', 'Kollam', 'Kannur'],
  },
  {
    name: 'Madhya Pradesh',
    kind: 'state',
    cities: ['Bhopal', 'Indore', 'Jabalpur', 'Gwalior', 'Ujjain', 'Sagar'],
  },
  {
    name: 'Maharashtra',
    kind: 'state',
    cities: ['Mumbai', 'Pune', 'Nagpur', 'Thane', 'Nashik', 'Chhatrapati Sambhajinagar', 'Kolhapur'],
  },
  {
    name: 'Manipur',
    kind: 'state',
    cities: ['Imphal', 'Thoubal', 'Bishnupur', 'Churachandpur', 'Kakching', 'Ukhrul'],
  },
  { name: 'Meghalaya', kind: 'state', cities: ['Shillong', 'Tura', 'Jowai', 'Nongpoh', 'Williamnagar'] },
  { name: 'Mizoram', kind: 'state', cities: ['Aizawl', 'Lunglei', 'Champhai', 'Serchhip', 'Kolasib', 'Siaha'] },
  { name: 'Nagaland', kind: 'state', cities: ['Kohima', 'Dimapur', 'Mokokchung', 'Tuensang', 'Wokha', 'Mon'] },
  {
    name: 'Odisha',
    kind: 'state',
    cities: ['Bhubaneswar', 'Cuttack', 'Rourkela', 'Berhampur', 'Sambalpur', 'Puri'],
  },
  {
    name: 'Punjab',
    kind: 'state',
    cities: ['Ludhiana', 'Amritsar', 'Jalandhar', 'Patiala', 'Bathinda', 'Mohali'],
  },
  { name: 'Rajasthan', kind: 'state', cities: ['Jaipur', 'Jodhpur', 'Udaipur', 'Kota', 'Ajmer', 'Bikaner'] },
  { name: 'Sikkim', kind: 'state', cities: ['Gangtok', 'Namchi', 'Gyalshing', 'Mangan', 'Rangpo', 'Singtam'] },
  {
    name: 'Tamil Nadu',
    kind: 'state',
    cities: ['Chennai', 'Coimbatore', 'Madurai', 'Tiruchirappalli', 'Salem', 'Tirunelveli', 'Vellore'],
  },
  {
    name: 'Telangana',
    kind: 'state',
    cities: ['Hyderabad', 'Warangal', 'Karimnagar', 'Nizamabad', 'Khammam', 'Mahabubnagar'],
  },
  {
    name: 'Tripura',
    kind: 'state',
    cities: ['Agartala', 'Udaipur', 'Dharmanagar', 'Kailashahar', 'Belonia', 'Ambassa'],
  },
  {
    name: 'Uttar Pradesh',
    kind: 'state',
    cities: ['Lucknow', 'Kanpur', 'Varanasi', 'Agra', 'Prayagraj', 'Noida', 'Ghaziabad'],
  },
  {
    name: 'Uttarakhand',
    kind: 'state',
    cities: ['Dehradun', 'Haridwar', 'Rishikesh', 'Haldwani', 'Roorkee', 'Nainital'],
  },
  {
    name: 'West Bengal',
    kind: 'state',
    cities: ['Kolkata', 'Howrah', 'Siliguri', 'Durgapur', 'Asansol', 'Darjeeling'],
  },
  // --- Union territories ---
  {
    name: 'Andaman and Nicobar Islands',
    kind: 'union_territory',
    // Port Blair was renamed Sri Vijaya Puram in 2024.
    cities: ['Sri Vijaya Puram', 'Diglipur', 'Mayabunder', 'Rangat', 'Car Nicobar', 'Campbell Bay'],
  },
  {
    name: 'Chandigarh',
    kind: 'union_territory',
    cities: ['Chandigarh', 'Manimajra', 'Burail', 'Daria', 'Maloya', 'Khuda Lahora'],
  },
  {
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    kind: 'union_territory',
    cities: ['Daman', 'Silvassa', 'Diu', 'Naroli', 'Amli', 'Khanvel'],
  },
  {
    name: 'Delhi',
    kind: 'union_territory',
    cities: ['New Delhi', 'Delhi Cantonment', 'Dwarka', 'Rohini', 'Narela', 'Najafgarh', 'Shahdara'],
  },
  {
    name: 'Jammu and Kashmir',
    kind: 'union_territory',
    // Srinagar is the summer capital and Jammu the winter one.
    cities: ['Srinagar', 'Jammu', 'Anantnag', 'Baramulla', 'Udhampur', 'Kathua', 'Sopore'],
  },
  { name: 'Ladakh', kind: 'union_territory', cities: ['Leh', 'Kargil', 'Dras', 'Padum', 'Diskit', 'Nyoma'] },
  {
    name: 'Lakshadweep',
    kind: 'union_territory',
    cities: ['Kavaratti', 'Agatti', 'Minicoy', 'Amini', 'Andrott', 'Kadmat'],
  },
  {
    name: 'Puducherry',
    kind: 'union_territory',
    cities: ['Puducherry', 'Karaikal', 'Mahe', 'Yanam', 'Ozhukarai', 'Villianur'],
  },
];
